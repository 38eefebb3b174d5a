import { useState } from 'react';
import { Button, Flex, PasswordField } from '@aws-amplify/ui-react';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { changePasswordFormSchema, type ChangePasswordForm } from '@portal/shared/identity/change-password.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { fieldProps } from '../../../ui/formik-field.ts';
import { useChangePassword } from '../api/change-password.ts';
import { toChangePasswordInput } from '../utils/form-values.ts';
import '@aws-amplify/ui-react/styles/passwordField.css';

const INITIAL_VALUES: ChangePasswordForm = { old_password: '', new_password: '', confirm_password: '' };

const FIELDS: { name: keyof ChangePasswordForm; label: string; autoComplete: string }[] = [
  { name: 'old_password', label: 'changePassword.oldPassword', autoComplete: 'current-password' },
  { name: 'new_password', label: 'changePassword.newPassword', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'changePassword.confirmPassword', autoComplete: 'new-password' },
];

interface ChangePasswordFormProps {
  userId: string;
  onChanged: (identityPortalUrl: string) => void;
}

/** Old and new password (spec 001 §5); any failure gets the generic text of spec 001 §8. */
export function ChangePasswordFormView({ userId, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation('auth');
  const validationMessage = useValidationMessage('auth');
  const changePassword = useChangePassword();
  const [failed, setFailed] = useState(false);

  async function submit(values: ChangePasswordForm) {
    setFailed(false);
    try {
      const { identityPortalUrl } = await changePassword.mutateAsync(toChangePasswordInput(values, userId));
      onChanged(identityPortalUrl);
    } catch {
      setFailed(true);
    }
  }

  return (
    <Formik initialValues={INITIAL_VALUES} validationSchema={changePasswordFormSchema} onSubmit={submit}>
      {(form) => (
        <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
          {FIELDS.map((field) => (
            <PasswordField
              key={field.name}
              label={t(field.label)}
              autoComplete={field.autoComplete}
              hideShowPassword
              {...fieldProps(form, field.name, validationMessage)}
            />
          ))}
          <FormError message={failed ? t('changePassword.failed') : undefined} />
          <Button
            type="submit"
            variation="primary"
            isLoading={form.isSubmitting}
            loadingText={t('changePassword.submitting')}
          >
            {t('changePassword.submit')}
          </Button>
        </Flex>
      )}
    </Formik>
  );
}
