import { useEffect } from 'react';
import { Button, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikErrors } from 'formik';
import { useTranslation } from 'react-i18next';
import { supportMailto } from '../../../lib/support.ts';
import { useToast } from '../../../ui/toasts.tsx';
import '@aws-amplify/ui-react/styles/textArea.css';
import '@aws-amplify/ui-react/styles/textAreaField.css';

interface ContactValues {
  subject: string;
  message: string;
}

const INITIAL: ContactValues = { subject: '', message: '' };

/**
 * Writes to support through the user's email app: the portal has no support inbox of its own, so
 * sending opens a prepared email rather than pretending to deliver it.
 */
export function ContactSupportForm({ onSent, onDirtyChange }: { onSent: () => void; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation('help');
  const toast = useToast();

  function validate(values: ContactValues): FormikErrors<ContactValues> {
    const errors: FormikErrors<ContactValues> = {};
    if (!values.subject.trim()) errors.subject = t('contactUs.form.subjectRequired');
    if (!values.message.trim()) errors.message = t('contactUs.form.messageRequired');
    return errors;
  }

  function submit(values: ContactValues) {
    window.location.assign(supportMailto(values.subject.trim(), values.message.trim()));
    toast.show({ message: t('contactUs.form.sent'), variation: 'success' });
    onDirtyChange(false);
    onSent();
  }

  return (
    <Formik initialValues={INITIAL} validate={validate} onSubmit={submit}>
      {({ values, errors, touched, dirty, handleChange, handleBlur, handleSubmit }) => (
        <Flex as="form" direction="column" gap="medium" noValidate onSubmit={handleSubmit}>
          <DirtyReporter dirty={dirty} onChange={onDirtyChange} />
          <Text variation="secondary">{t('contactUs.form.explanation')}</Text>
          <TextField
            label={t('contactUs.form.subject')}
            name="subject"
            value={values.subject}
            onChange={handleChange}
            onBlur={handleBlur}
            hasError={Boolean(touched.subject && errors.subject)}
            errorMessage={errors.subject}
          />
          <TextAreaField
            label={t('contactUs.form.message')}
            name="message"
            rows={6}
            value={values.message}
            onChange={handleChange}
            onBlur={handleBlur}
            hasError={Boolean(touched.message && errors.message)}
            errorMessage={errors.message}
          />
          <Flex>
            <Button type="submit" variation="primary">
              {t('contactUs.form.send')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Formik>
  );
}

function DirtyReporter({ dirty, onChange }: { dirty: boolean; onChange: (dirty: boolean) => void }) {
  useEffect(() => onChange(dirty), [dirty, onChange]);
  return null;
}
