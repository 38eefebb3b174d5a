import { useState } from 'react';
import { Alert, Button, Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { signInSchema, type SignInInput } from '@portal/shared/identity/sign-in.schema';
import { signInWithPassword } from '../../../lib/auth.ts';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { fieldProps } from '../../../ui/formik-field.ts';
import { signInErrorKey } from '../utils/sign-in-messages.ts';

const INITIAL_VALUES: SignInInput = { email: '', password: '' };

/** Email and password against Cognito; on success the route guard moves on (spec 001 §5, §8). */
export function SignInForm({ notice }: { notice?: string }) {
  const { t } = useTranslation('auth');
  const validationMessage = useValidationMessage('auth');
  const [failure, setFailure] = useState<string>();

  // Formik keeps isSubmitting true until the returned promise settles.
  async function submit(values: SignInInput) {
    setFailure(undefined);
    const { email, password } = signInSchema.cast(values);
    try {
      await signInWithPassword(email, password);
    } catch (error) {
      const key = signInErrorKey(error);
      setFailure(key ? t(key) : t('failedToAuthenticate'));
    }
  }

  return (
    <Formik initialValues={INITIAL_VALUES} validationSchema={signInSchema} onSubmit={submit}>
      {(form) => (
        <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
          {notice ? <Alert variation="info">{notice}</Alert> : null}
          <TextField
            label={t('email')}
            type="email"
            autoComplete="username"
            {...fieldProps(form, 'email', validationMessage)}
          />
          {/* The show-password toggle is left out: its label would make "Password" ambiguous. */}
          <PasswordField
            label={t('password')}
            autoComplete="current-password"
            hideShowPassword
            {...fieldProps(form, 'password', validationMessage)}
          />
          <FormError message={failure} />
          <Button type="submit" variation="primary" isLoading={form.isSubmitting} loadingText={t('signingIn')}>
            {t('submit')}
          </Button>
        </Flex>
      )}
    </Formik>
  );
}
