import { useState } from 'react';
import { Alert, Button, Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { signUpSchema, type SignUpInput } from '@portal/shared/identity/sign-up.schema';
import { useSignUp } from '../api/sign-up.ts';
import { useAuthValidationMessage } from '../hooks/use-auth-validation-message.ts';
import { toSignUpInput } from '../utils/form-values.ts';

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
  const validationMessage = useAuthValidationMessage();
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

  const errorOf = (form: FormikProps<SignUpInput>, name: keyof SignUpInput) =>
    form.touched[name] ? validationMessage(form.errors[name]) : undefined;

  return (
    <Formik initialValues={INITIAL_VALUES} validationSchema={signUpSchema} onSubmit={submit}>
      {(form) => (
        <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={t(field.label)}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              value={form.values[field.name]}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              hasError={Boolean(errorOf(form, field.name))}
              errorMessage={errorOf(form, field.name)}
            />
          ))}
          {/* No show-password toggle: its label would make "Password" ambiguous (as on sign-in). */}
          <PasswordField
            label={t('signUp.password')}
            name="password"
            autoComplete="new-password"
            hideShowPassword
            value={form.values.password}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            hasError={Boolean(errorOf(form, 'password'))}
            errorMessage={errorOf(form, 'password')}
          />
          {failed ? (
            <Alert variation="error" role="alert">
              {t('signUp.failed')}
            </Alert>
          ) : null}
          <Button type="submit" variation="primary" isLoading={form.isSubmitting} loadingText={t('signUp.submitting')}>
            {t('signUp.submit')}
          </Button>
        </Flex>
      )}
    </Formik>
  );
}
