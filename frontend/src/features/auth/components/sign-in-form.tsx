import { useState } from 'react';
import { Alert, Button, Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { signInSchema, type SignInInput } from '@portal/shared/identity/sign-in.schema';
import { signInWithPassword } from '../../../lib/auth.ts';
import { useAuthValidationMessage } from '../hooks/use-auth-validation-message.ts';
import { serverMessageOf } from '../utils/sign-in-messages.ts';

const INITIAL_VALUES: SignInInput = { email: '', password: '' };

/** Email and password against Cognito; on success the route guard moves on (spec 001 §5, §8). */
export function SignInForm({ notice }: { notice?: string }) {
  const { t } = useTranslation('auth');
  const validationMessage = useAuthValidationMessage();
  const [failure, setFailure] = useState<string>();

  // Formik keeps isSubmitting true until the returned promise settles.
  async function submit(values: SignInInput) {
    setFailure(undefined);
    const { email, password } = signInSchema.cast(values);
    try {
      await signInWithPassword(email, password);
    } catch (error) {
      setFailure(serverMessageOf(error) ?? t('failedToAuthenticate'));
    }
  }

  return (
    <Formik initialValues={INITIAL_VALUES} validationSchema={signInSchema} onSubmit={submit}>
      {({ values, errors, touched, handleChange, handleBlur, handleSubmit, isSubmitting }) => (
        <Flex as="form" direction="column" gap="medium" noValidate onSubmit={handleSubmit}>
          {notice ? <Alert variation="info">{notice}</Alert> : null}
          <TextField
            label={t('email')}
            name="email"
            type="email"
            autoComplete="username"
            value={values.email}
            onChange={handleChange}
            onBlur={handleBlur}
            hasError={Boolean(touched.email && errors.email)}
            errorMessage={validationMessage(errors.email)}
          />
          {/* The show-password toggle is left out: its label would make "Password" ambiguous. */}
          <PasswordField
            label={t('password')}
            name="password"
            autoComplete="current-password"
            hideShowPassword
            value={values.password}
            onChange={handleChange}
            onBlur={handleBlur}
            hasError={Boolean(touched.password && errors.password)}
            errorMessage={validationMessage(errors.password)}
          />
          {failure ? (
            <Alert variation="error" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText={t('signingIn')}>
            {t('submit')}
          </Button>
        </Flex>
      )}
    </Formik>
  );
}
