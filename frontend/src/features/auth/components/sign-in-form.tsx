import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { normalizeSignIn, validateSignIn, type SignInValues } from '@portal/shared/identity/sign-in.rules';
import { signInWithPassword } from '../../../lib/auth.ts';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { signInErrorKey } from '../utils/sign-in-messages.ts';
import '@aws-amplify/ui-react/styles/passwordField.css';

const INITIAL_VALUES: SignInValues = { email: '', password: '' };

/**
 * Email and password against Cognito; on success the route guard moves on (spec 001 §5, §8). The
 * first page most users see, so it checks its two fields with plain functions instead of formik
 * and yup (issue 12), with formik's behaviour on the other forms: a field's message shows once it was left or the
 * form was submitted, and follows each change after that.
 */
export function SignInForm({ notice }: { notice?: string }) {
  const { t } = useTranslation('auth');
  const validationMessage = useValidationMessage('auth');
  const [values, setValues] = useState(INITIAL_VALUES);
  const [touched, setTouched] = useState<Partial<Record<keyof SignInValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const errors = validateSignIn(values);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (isSubmitting || Object.keys(errors).length > 0) return;
    setFailure(undefined);
    setSubmitting(true);
    const { email, password } = normalizeSignIn(values);
    try {
      await signInWithPassword(email, password);
    } catch (error) {
      const key = signInErrorKey(error);
      setFailure(key ? t(key) : t('failedToAuthenticate'));
    } finally {
      setSubmitting(false);
    }
  }

  function field(name: keyof SignInValues) {
    const error = touched[name] || submitted ? validationMessage(errors[name]) : undefined;
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [name]: event.target.value })),
      onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
      hasError: Boolean(error),
      errorMessage: error,
    };
  }

  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={(event) => void submit(event as FormEvent<HTMLFormElement>)}>
      {notice ? <Alert variation="info">{notice}</Alert> : null}
      <TextField label={t('email')} type="email" autoComplete="username" {...field('email')} />
      {/* The show-password toggle is left out: its label would make "Password" ambiguous. */}
      <PasswordField label={t('password')} autoComplete="current-password" hideShowPassword {...field('password')} />
      <FormError message={failure} />
      <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText={t('signingIn')}>
        {t('submit')}
      </Button>
    </Flex>
  );
}
