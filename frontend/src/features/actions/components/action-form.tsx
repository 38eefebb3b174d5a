import { Button, Flex, SelectField, SwitchField, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { EMPLOYEES_NEEDED_OPTIONS, FEEDBACK_MESSAGE_MAX } from '@portal/shared/constants';
import { RECIPIENT_GROUPS_MAX, type Recipient } from '@portal/shared/recipients/recipient.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { fieldProps, shownError } from '../../../ui/formik-field.ts';
import { RecipientPicker } from '../../../ui/recipient-picker.tsx';
import { ContentFields, SideCardForm } from '../../../ui/content-fields.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { useFormRun } from '../../../ui/use-form-run.ts';
import { usePickerLabels } from '../../../ui/use-picker-labels.ts';
import { useSendAction } from '../api/actions.ts';
import { askedGroupCount, autoForwardLabelKey, canSubmit, toActionBody, toTemplateBody, type ActionFormMode, type ActionFormValues } from '../utils/action-form-model.ts';
import { validateActionForm } from '../utils/action-validation.ts';
import '@aws-amplify/ui-react/styles/switchField.css';
import './action-form.css';
import { type ActionsTab, actionTemplates } from '../utils/actions-kit.ts';

export interface ActionFormProps {
  mode: ActionFormMode;
  cardTitle: string;
  initialValues: ActionFormValues;
  /** The organisation's time-out choices (seconds). */
  forwardAfterOptions: number[];
  /** Template mode: the template being edited. */
  targetId?: string;
  /** Send from template: recorded as meta.template_id. */
  templateId?: string | null;
  onClose: () => void;
  onSaved: (show: { tab: ActionsTab; selected?: string }) => void;
}

/** The action form (spec 000 §3, §5, §9) in a side card: send, save as template, or a template's own form. */
export function ActionForm(props: ActionFormProps) {
  return (
    <Formik initialValues={props.initialValues} validate={(values) => validateActionForm(values, props.mode)} onSubmit={() => undefined}>
      {(form) => <FormBody {...props} form={form} />}
    </Formik>
  );
}

const TOUCH_ALL = { title: true, message: true, groups: true, acceptanceText: true, rejectionText: true } as const;

function FormBody({ mode, cardTitle, forwardAfterOptions, targetId, templateId = null, onClose, onSaved, form }: ActionFormProps & { form: FormikProps<ActionFormValues> }) {
  const { t } = useTranslation('actions');
  const { organization } = useOrganizationContext();
  const send = useSendAction(organization.id);
  const saveTemplate = actionTemplates.useSave(organization.id);
  const { run: runForm, formError } = useFormRun(form);
  const toast = useToast();
  const message = useValidationMessage('actions');
  const { values } = form;
  const busy = form.isSubmitting;
  const enabled = canSubmit(values, mode) && !busy;

  /** Validates with the rules of `as`, then runs `save`; errors stay on the form. */
  const run = (as: ActionFormMode, save: () => Promise<void>) => runForm(validateActionForm(values, as), TOUCH_ALL, save);

  const submit = () =>
    run(mode, async () => {
      if (mode === 'template') {
        const saved = await saveTemplate.mutateAsync({ templateId: targetId, body: toTemplateBody(values) });
        toast.show({ message: t('form.templateSaved'), variation: 'success' });
        return onSaved({ tab: 'templates', selected: saved.id });
      }
      const sent = await send.mutateAsync({ body: toActionBody(values, { templateId }) });
      toast.show({ message: t('form.sent'), variation: 'success' });
      onSaved({ tab: 'sent', selected: sent.id });
    });

  const saveAsTemplate = () =>
    run('template', async () => {
      const saved = await saveTemplate.mutateAsync({ body: toTemplateBody(values) });
      toast.show({ message: t('form.templateSaved'), variation: 'success' });
      onSaved({ tab: 'templates', selected: saved.id });
    });

  const setGroups = (groups: Recipient[][]) => {
    void form.setFieldValue('groups', groups);
    void form.setFieldTouched('groups', true, false);
  };
  const lastGroup = values.groups[values.groups.length - 1] ?? [];
  // A next group once the last one names someone; empty groups would be dropped anyway.
  const canAddGroup = lastGroup.length > 0 && values.groups.length < RECIPIENT_GROUPS_MAX;

  return (
    <SideCardForm title={cardTitle} onClose={onClose} frozen={form.dirty} onSubmit={() => void submit()}>
        <ContentFields form={form} t={t} message={message} titleRequired />
        <RecipientGroups
          groups={values.groups}
          onChange={setGroups}
          error={mode === 'template' ? undefined : message(shownError(form, 'groups'))}
          canAddGroup={canAddGroup}
        />
        <Flex gap="medium" wrap="wrap">
          <SelectField label={t('form.employeesNeeded')} flex="1 1 10rem" {...fieldProps(form, 'employeesNeeded', message)}>
            {EMPLOYEES_NEEDED_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option === 'All' ? t('form.all') : option}
              </option>
            ))}
          </SelectField>
          <SelectField label={t(autoForwardLabelKey(values.groups))} flex="1 1 10rem" {...fieldProps(form, 'autoForward', message)}>
            {forwardAfterOptions.map((seconds) => (
              <option key={seconds} value={String(seconds)}>
                {t('form.seconds', { count: seconds })}
              </option>
            ))}
          </SelectField>
        </Flex>
        <fieldset className="action-form__feedback">
          <legend>{t('form.feedback')}</legend>
          <FeedbackField form={form} toggle="acceptanceFeedback" text="acceptanceText" message={message} />
          <FeedbackField form={form} toggle="rejectionFeedback" text="rejectionText" message={message} />
          <FeedbackRecipients form={form} />
        </fieldset>
        <FormError message={message(formError.message) ?? formError.message} />
        <Flex role="group" aria-label={t('form.submitLabel')} gap="small" wrap="wrap">
          <Button type="submit" variation="primary" isDisabled={!enabled} isLoading={busy} loadingText={t('form.saving')}>
            {mode === 'template' ? t('form.saveTemplate') : t('form.send')}
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

/** Group 1 is asked first, each next group after the time-out (spec 000 §3). */
function RecipientGroups({ groups, onChange, error, canAddGroup }: { groups: Recipient[][]; onChange: (groups: Recipient[][]) => void; error?: string; canAddGroup: boolean }) {
  const { t } = useTranslation('actions');
  const labels = usePickerLabels();
  const asked = askedGroupCount(groups);
  return (
    <Flex direction="column" gap="small">
      {groups.map((recipients, index) => (
        <Flex key={index} direction="column" gap="xxs">
          <RecipientPicker
            label={index === 0 ? t('form.firstGroup') : t('form.nextGroup', { number: index + 1 })}
            placeholder={t('form.recipientsPlaceholder')}
            value={recipients}
            onChange={(next) => onChange(groups.map((group, i) => (i === index ? next : group)))}
            labels={labels}
            error={index === 0 ? error : undefined}
          />
          {index > 0 ? (
            <Button type="button" variation="link" size="small" alignSelf="flex-start" onClick={() => onChange(groups.filter((_, i) => i !== index))}>
              {t('form.removeGroup', { number: index + 1 })}
            </Button>
          ) : null}
        </Flex>
      ))}
      <Button type="button" size="small" alignSelf="flex-start" isDisabled={!canAddGroup} onClick={() => onChange([...groups, []])}>
        {t('form.addGroup')}
      </Button>
      {asked > 1 ? <p className="action-form__hint">{t('form.groupsHint', { count: asked })}</p> : null}
    </Flex>
  );
}

type Translate = (message: unknown) => string | undefined;

/** A feedback toggle and its message, enabled only while the toggle is on (spec 000 §5). */
function FeedbackField({ form, toggle, text, message }: { form: FormikProps<ActionFormValues>; toggle: 'acceptanceFeedback' | 'rejectionFeedback'; text: 'acceptanceText' | 'rejectionText'; message: Translate }) {
  const { t } = useTranslation('actions');
  const on = form.values[toggle];
  return (
    <Flex direction="column" gap="xs">
      <SwitchField label={t(`form.${toggle}`)} isChecked={on} onChange={(event) => void form.setFieldValue(toggle, event.target.checked)} />
      <TextField
        label={t(`form.${text}`)}
        placeholder={t('form.feedbackPlaceholder')}
        autoComplete="off"
        isDisabled={!on}
        maxLength={FEEDBACK_MESSAGE_MAX}
        descriptiveText={t('form.counter', { count: form.values[text].length, max: FEEDBACK_MESSAGE_MAX })}
        {...fieldProps(form, text, message)}
      />
    </Flex>
  );
}

/** Who hears the outcome besides the creator. */
function FeedbackRecipients({ form }: { form: FormikProps<ActionFormValues> }) {
  const { t } = useTranslation('actions');
  const labels = usePickerLabels();
  const on = form.values.acceptanceFeedback || form.values.rejectionFeedback;
  return (
    <RecipientPicker
      label={t('form.feedbackRecipients')}
      placeholder={t('form.recipientsPlaceholder')}
      value={form.values.feedbackRecipients}
      onChange={(next) => void form.setFieldValue('feedbackRecipients', next)}
      labels={labels}
      disabled={!on}
    />
  );
}
