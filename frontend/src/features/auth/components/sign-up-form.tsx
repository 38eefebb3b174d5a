import { useState } from 'react';
import { Button, Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { signUpSchema, type SignUpInput } from '@portal/shared/identity/sign-up.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { fieldProps } from '../../../ui/formik-field.ts';
import { useSignUp } from '../api/sign-up.ts';
import { toSignUpInput } from '../utils/form-values.ts';
import '@aws-amplify/ui-react/styles/passwordField.css';

const INITIAL_VALUES: SignUpInput = {
  company_name: '',
  signup_code: '',
  firstname: '',
  lastname: '',
  email: '',
  password: '',
};

type TextFieldName = Exclude<keyof SignUpInput, 'password'>;

const TEXT_FIELDS: { name: TextFieldName; label: string; type?: string; autoComplete: string }[] = [
  { name: 'company_name', label: 'signUp.companyName', autoComplete: 'organization' },
  { name: 'signup_code', label: 'signUp.signupCode', autoComplete: 'off' },
  { name: 'firstname', label: 'signUp.firstname', autoComplete: 'given-name' },
  { name: 'lastname', label: 'signUp.lastname', autoComplete: 'family-name' },
  { name: 'email', label: 'signUp.email', type: 'email', autoComplete: 'username' },
];

/** A new organisation and its first user; any failure gets the one message of spec 001 §8. */
export function SignUpForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('auth');
  const validationMessage = useValidationMessage('auth');
  const signUp = useSignUp();
  const [failed, setFailed] = useState(false);

  async function submit(values: SignUpInput) {
    setFailed(false);
    try {
      await signUp.mutateAsync(toSignUpInput(values));
      onCreated();
    } catch {
      // A wrong code, a taken email or an outage look the same to the user on purpose.
      setFailed(true);
    }
  }

  return (
    <Formik initialValues={INITIAL_VALUES} validationSchema={signUpSchema} onSubmit={submit}>
      {(form) => (
        <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={t(field.label)}
              type={field.type}
              autoComplete={field.autoComplete}
              {...fieldProps(form, field.name, validationMessage)}
            />
          ))}
          {/* No show-password toggle: its label would make "Password" ambiguous (as on sign-in). */}
          <PasswordField
            label={t('signUp.password')}
            autoComplete="new-password"
            hideShowPassword
            {...fieldProps(form, 'password', validationMessage)}
          />
          <FormError message={failed ? t('signUp.failed') : undefined} />
          <Button type="submit" variation="primary" isLoading={form.isSubmitting} loadingText={t('signUp.submitting')}>
            {t('signUp.submit')}
          </Button>
        </Flex>
      )}
    </Formik>
  );
}
