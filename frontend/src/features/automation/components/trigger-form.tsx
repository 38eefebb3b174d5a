import { Flex, SelectField, SwitchField, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { triggerSchema, type AutomationSettings, type TriggerDto, type TriggerWithSecretDto } from '@portal/shared/automation/automation.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { fieldProps } from '../../../ui/formik-field.ts';
import { SideCard } from '../../../ui/side-card.tsx';
import { useDeleteTrigger, useSaveTrigger } from '../api/triggers.ts';
import { THROTTLE_CHOICES, toTriggerBody, toTriggerFormValues, TRIGGER_TYPES, type TriggerFormValues } from '../utils/trigger-form-model.ts';
import { FiringsPanel } from './firings-panel.tsx';
import { WebhookPanel } from './webhook-panel.tsx';
import { WorkflowField } from './workflow-field.tsx';
import '@aws-amplify/ui-react/styles/switchField.css';

interface TriggerFormProps {
  orgId: string;
  /** The trigger being edited (as last saved); none to add one. */
  trigger?: TriggerDto;
  /** The organisation's throttle defaults for a new trigger. */
  defaults: Pick<AutomationSettings, 'throttle_enabled' | 'throttle_threshold'>;
  /** The webhook secret of this card's create, edit or rotation, shown once. */
  secret?: string;
  onSecret?: (secret: string) => void;
  onClose: () => void;
  /** After a save: the saved trigger, with its secret when this save made one. */
  onSaved: (saved: TriggerWithSecretDto) => void;
}

/** The workflow's first message: a list-level rule ('at most 10') or an item's. */
function firstMessage(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (Array.isArray(error)) return error.map(firstMessage).find(Boolean);
  if (error && typeof error === 'object') return Object.values(error).map(firstMessage).find(Boolean);
  return undefined;
}

/**
 * Add and edit a trigger (spec 001 §3, §9) in a side card: name, type, the workflow of templates,
 * external (a webhook), throttling. An existing trigger's card also shows its webhook (when
 * external) and its recent firings with the response time (decision 0041).
 */
export function TriggerForm({ orgId, trigger, defaults, secret, onSecret, onClose, onSaved }: TriggerFormProps) {
  const { t } = useTranslation('automation');
  const message = useValidationMessage('automation');
  const { run, error } = useFormAction();
  const save = useSaveTrigger(orgId);
  const remove = useDeleteTrigger(orgId);

  async function submit(values: TriggerFormValues, helpers: FormikHelpers<TriggerFormValues>) {
    let saved: TriggerWithSecretDto | undefined;
    const ok = await run(async () => {
      saved = await save.mutateAsync({ triggerId: trigger?.id, body: toTriggerBody(values) });
    }, t(trigger ? 'triggers.saved' : 'triggers.created'));
    if (!ok || !saved) return;
    helpers.resetForm({ values });
    onSaved(saved);
  }

  async function confirmDelete(id: string) {
    if (await run(() => remove.mutateAsync(id), t('triggers.deleted'))) onClose();
  }

  return (
    <Formik initialValues={toTriggerFormValues(trigger, defaults)} validationSchema={triggerSchema} onSubmit={submit}>
      {(form) => {
        const workflowError = form.touched.workflows || form.submitCount > 0 ? message(firstMessage(form.errors.workflows)) : undefined;
        return (
          <SideCard title={t(trigger ? 'triggers.editTitle' : 'triggers.addTitle')} onClose={onClose} frozen={form.dirty} closeOnEscape>
            <Flex
              as="form"
              direction="column"
              gap="medium"
              noValidate
              onSubmit={(event) => {
                // The task template editor's form is rendered (in a card of its own) inside this one's React tree: its submit is its own.
                if (event.target !== event.currentTarget) return;
                form.handleSubmit(event);
              }}
            >
              <TextField label={t('triggers.name')} autoComplete="off" isRequired {...fieldProps(form, 'name', message)} />
              <SelectField label={t('triggers.type')} {...fieldProps(form, 'type', message)}>
                {TRIGGER_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`triggerTypes.${type}`)}
                  </option>
                ))}
              </SelectField>
              <WorkflowField
                orgId={orgId}
                value={form.values.workflows}
                error={workflowError}
                onChange={(workflows) => {
                  void form.setFieldValue('workflows', workflows);
                  void form.setFieldTouched('workflows', true, false);
                }}
              />
              <SwitchField
                label={t('triggers.external')}
                isChecked={form.values.metadata.is_external}
                onChange={(event) => void form.setFieldValue('metadata', { is_external: event.target.checked })}
              />
              <p className="trigger-form__help">{t(form.values.metadata.is_external ? 'triggers.externalOn' : 'triggers.externalOff')}</p>
              <SwitchField
                label={t('triggers.throttling')}
                isChecked={form.values.is_throttling_enabled}
                onChange={(event) => void form.setFieldValue('is_throttling_enabled', event.target.checked)}
              />
              <SelectField
                label={t('triggers.throttle')}
                descriptiveText={t('triggers.throttleHelp')}
                isDisabled={!form.values.is_throttling_enabled}
                {...fieldProps(form, 'throttle_duration_in_seconds', message)}
                value={String(form.values.throttle_duration_in_seconds)}
                onChange={(event) => void form.setFieldValue('throttle_duration_in_seconds', Number(event.target.value))}
              >
                {THROTTLE_CHOICES.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {t('triggers.seconds', { count: seconds })}
                  </option>
                ))}
              </SelectField>
              <FormError message={error} />
              <FormFooter
                submitLabel={t('form.save')}
                busyLabel={t('form.saving')}
                disabled={!form.dirty || !form.isValid}
                busy={form.isSubmitting}
                remove={trigger ? { label: t('triggers.delete'), title: t('triggers.deleteTitle'), question: t('triggers.deleteQuestion', { name: trigger.name }), cancelLabel: t('form.cancel'), onConfirm: () => confirmDelete(trigger.id) } : null}
              />
            </Flex>
            {trigger?.webhook ? <WebhookPanel orgId={orgId} trigger={trigger} webhook={trigger.webhook} secret={secret} onRotated={(next) => onSecret?.(next)} /> : null}
            {trigger ? <FiringsPanel orgId={orgId} triggerId={trigger.id} /> : null}
          </SideCard>
        );
      }}
    </Formik>
  );
}
