import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { Formik, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { RepeatField } from '../../../ui/repeat-field.tsx';
import { shownError } from '../../../ui/formik-field.ts';
import { ContentFields, SideCardForm } from '../../../ui/content-fields.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { useFormRun } from '../../../ui/use-form-run.ts';
import { useSaveNotification } from '../api/notifications.ts';
import { toContentOnlyBody, toNotificationBody, toTemplateBody } from '../utils/notification-mapper.ts';
import type { NotificationFormMode, NotificationFormValues } from '../utils/notification-form-model.ts';
import type { NotificationsTab } from '../utils/notification-tabs.ts';
import { canSubmit, validateNotificationForm } from '../utils/notification-validation.ts';
import { RecipientsField } from './recipients-field.tsx';
import { SendOptionsField } from './send-options-field.tsx';
import { notificationTemplates } from '../utils/notifications-kit.ts';

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
  const { timeZone } = useOrganizationClock();
  return (
    <Formik
      initialValues={initialValues}
      validate={(values) => validateNotificationForm(values, { mode, now: new Date(), timeZone })}
      onSubmit={() => undefined}
    >
      {(form) => <FormBody {...props} form={form} />}
    </Formik>
  );
}

function FormBody({ mode, cardTitle, targetId, templateId = null, onClose, onSaved, form }: NotificationFormProps & { form: FormikProps<NotificationFormValues> }) {
  const { t } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  const { timeZone } = useOrganizationClock();
  const saveNotification = useSaveNotification(organization.id);
  const saveTemplate = notificationTemplates.useSave(organization.id);
  const { run: runForm, formError } = useFormRun(form);
  const toast = useToast();
  const message = useValidationMessage('notifications');
  const { values } = form;
  const busy = form.isSubmitting;
  const enabled = canSubmit(values, mode) && !busy;

  /** Validates with the rules of `as`, then runs `save`; errors stay on the form. */
  const run = (as: NotificationFormMode, save: () => Promise<void>) =>
    runForm(validateNotificationForm(values, { mode: as, now: new Date(), timeZone }), { title: true, message: true, recipients: true, send: true, repeatDays: true, repeatEndDate: true }, save);

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
        await saveNotification.mutateAsync({ notificationId: targetId!, body: toContentOnlyBody(values) });
        toast.show({ message: t('form.saved'), variation: 'success' });
        onSaved({ tab: 'sent', selected: targetId });
        return;
      }
      const body = toNotificationBody(values, { now, timeZone, templateId });
      const later = Boolean(body.config.send || body.config.recurring);
      const saved = await saveNotification.mutateAsync({ notificationId: mode === 'create' ? undefined : targetId!, body });
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
    <SideCardForm title={cardTitle} onClose={onClose} frozen={form.dirty} onSubmit={() => void submit()}>
        {mode === 'sent' ? <Text variation="secondary">{t('form.contentOnly')}</Text> : null}
        <ContentFields form={form} t={t} message={message} />
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
        {mode === 'create' || mode === 'recurring' ? <RepeatField form={form} t={t} message={message} locked={mode === 'recurring'} /> : null}
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
    </SideCardForm>
  );
}
