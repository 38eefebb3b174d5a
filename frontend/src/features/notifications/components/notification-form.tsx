import { Button, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX } from '@portal/shared/constants';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { FormError, useFormError } from '../../../ui/form-error.tsx';
import { fieldProps, shownError } from '../../../ui/formik-field.ts';
import { SideCard } from '../../../ui/side-card.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { useSaveNotification } from '../api/notifications.ts';
import { useSaveTemplate } from '../api/templates.ts';
import { toContentOnlyBody, toNotificationBody, toTemplateBody } from '../utils/notification-mapper.ts';
import type { NotificationFormMode, NotificationFormValues } from '../utils/notification-form-model.ts';
import type { NotificationsTab } from '../utils/notification-tabs.ts';
import { canSubmit, validateNotificationForm } from '../utils/notification-validation.ts';
import { RecipientsField } from './recipients-field.tsx';
import { RepeatField } from './repeat-field.tsx';
import { SendOptionsField } from './send-options-field.tsx';
import '@aws-amplify/ui-react/styles/textArea.css';
import '@aws-amplify/ui-react/styles/textAreaField.css';

export interface NotificationFormProps {
  mode: NotificationFormMode;
  cardTitle: string;
  initialValues: NotificationFormValues;
  /** Edit: the notification (or series root); template mode: the template being edited. */
  targetId?: string;
  /** Send from template: recorded as meta.template_id. */
  templateId?: string | null;
  onClose: () => void;
  /** After a successful save: shows the saved item and closes the card about 1 s later. */
  onSaved: (show: { tab: NotificationsTab; selected?: string }) => void;
}

/** The notification form (spec 000 §3-§5) in a side card, for every mode. */
export function NotificationForm(props: NotificationFormProps) {
  const { mode, initialValues } = props;
  return (
    <Formik
      initialValues={initialValues}
      validate={(values) => validateNotificationForm(values, { mode, now: new Date() })}
      onSubmit={() => undefined}
    >
      {(form) => <FormBody {...props} form={form} />}
    </Formik>
  );
}

function FormBody({ mode, cardTitle, targetId, templateId = null, onClose, onSaved, form }: NotificationFormProps & { form: FormikProps<NotificationFormValues> }) {
  const { t } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  const saveNotification = useSaveNotification(organization.id);
  const saveTemplate = useSaveTemplate(organization.id);
  const formError = useFormError();
  const toast = useToast();
  const message = useValidationMessage('notifications');
  const { values } = form;
  const busy = form.isSubmitting;
  const enabled = canSubmit(values, mode) && !busy;

  /** Validates with the rules of `as`, then runs `save`; errors stay on the form. */
  async function run(as: NotificationFormMode, save: () => Promise<void>) {
    formError.clear();
    form.setSubmitting(true);
    const errors = validateNotificationForm(values, { mode: as, now: new Date() });
    // Recipients is an array field: its touched flag is set on its own.
    await form.setTouched({ ...form.touched, title: true, message: true, send: true, repeatDays: true, repeatEndDate: true }, false);
    void form.setFieldTouched('recipients', true, false);
    form.setErrors(errors);
    if (Object.keys(errors).length) {
      form.setSubmitting(false);
      return;
    }
    try {
      await save();
      form.resetForm({ values });
    } catch (error) {
      formError.report(error);
    } finally {
      form.setSubmitting(false);
    }
  }

  const submit = () =>
    run(mode, async () => {
      const now = new Date();
      if (mode === 'template') {
        const saved = await saveTemplate.mutateAsync({ templateId: targetId, body: toTemplateBody(values) });
        toast.show({ message: t('form.templateSaved'), variation: 'success' });
        onSaved({ tab: 'templates', selected: saved.id });
        return;
      }
      if (mode === 'sent') {
        await saveNotification.mutateAsync({ mode: 'update', notificationId: targetId!, body: toContentOnlyBody(values) });
        toast.show({ message: t('form.saved'), variation: 'success' });
        onSaved({ tab: 'sent', selected: targetId });
        return;
      }
      const body = toNotificationBody(values, { now, templateId });
      const later = Boolean(body.config.send || body.config.recurring);
      const saved =
        mode === 'create'
          ? await saveNotification.mutateAsync({ mode: 'create', body })
          : await saveNotification.mutateAsync({ mode: 'update', notificationId: targetId!, body });
      toast.show({ message: t(mode !== 'create' ? 'form.saved' : later ? 'form.scheduled' : 'form.sent'), variation: 'success' });
      onSaved({ tab: later ? 'scheduled' : 'sent', selected: saved?.id ?? targetId });
    });

  const saveAsTemplate = () =>
    run('template', async () => {
      const saved = await saveTemplate.mutateAsync({ body: toTemplateBody(values) });
      toast.show({ message: t('form.templateSaved'), variation: 'success' });
      onSaved({ tab: 'templates', selected: saved.id });
    });

  const submitLabel =
    mode === 'template' ? t('form.saveTemplate') : mode === 'create' ? t(values.sendOption === 'now' ? 'form.submitSend' : 'form.submitSchedule') : t('form.submitSave');

  return (
    <SideCard title={cardTitle} onClose={onClose} frozen={form.dirty} closeOnEscape>
      <Flex
        as="form"
        direction="column"
        gap="medium"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {mode === 'sent' ? <Text variation="secondary">{t('form.contentOnly')}</Text> : null}
        <TextField
          label={t('form.title')}
          placeholder={t('form.titlePlaceholder')}
          autoComplete="off"
          maxLength={NOTIFICATION_TITLE_MAX}
          descriptiveText={t('form.counter', { count: values.title.length, max: NOTIFICATION_TITLE_MAX })}
          {...fieldProps(form, 'title', message)}
        />
        <TextAreaField
          label={t('form.message')}
          placeholder={t('form.messagePlaceholder')}
          rows={3}
          maxLength={NOTIFICATION_MESSAGE_MAX}
          descriptiveText={t('form.counter', { count: values.message.length, max: NOTIFICATION_MESSAGE_MAX })}
          {...fieldProps(form, 'message', message)}
        />
        <RecipientsField
          value={values.recipients}
          disabled={mode === 'sent'}
          onChange={(next) => {
            void form.setFieldValue('recipients', next);
            void form.setFieldTouched('recipients', true, false);
          }}
          error={mode === 'template' ? undefined : message(shownError(form, 'recipients'))}
        />
        {mode === 'create' || mode === 'scheduled' || mode === 'recurring' ? <SendOptionsField form={form} /> : null}
        {mode === 'create' || mode === 'recurring' ? <RepeatField form={form} locked={mode === 'recurring'} /> : null}
        {/* The server's rule messages are the schema's English text: translated like the form's own. */}
        <FormError message={message(formError.message) ?? formError.message} />
        <Flex role="group" aria-label={t('form.sendLabel')} gap="small" wrap="wrap">
          <Button type="submit" variation="primary" isDisabled={!enabled} isLoading={busy} loadingText={t('form.saving')}>
            {submitLabel}
          </Button>
          {mode === 'create' ? (
            <Button type="button" isDisabled={!enabled} onClick={() => void saveAsTemplate()}>
              {t('form.saveAsTemplate')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </SideCard>
  );
}
