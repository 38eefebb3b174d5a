import { useRef, useState } from 'react';
import { Button, Flex, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { TRIGGER_GROUP_DESCRIPTION_MAX, TRIGGER_GROUP_TRIGGERS_MAX, triggerGroupSchema, type TriggerGroupDto } from '@portal/shared/automation/automation.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { fieldProps } from '../../../ui/formik-field.ts';
import { SideCard } from '../../../ui/side-card.tsx';
import { useDeleteTriggerGroup, useSaveTriggerGroup } from '../api/trigger-groups.ts';
import { triggersQueryOptions } from '../api/triggers.ts';
import { addableTriggers, GROUP_TYPES, toGroupBody, toGroupFormValues, type TriggerGroupFormValues } from '../utils/trigger-group-form-model.ts';
import { OrderedList } from './ordered-list.tsx';
import '@aws-amplify/ui-react/styles/textArea.css';
import '@aws-amplify/ui-react/styles/textAreaField.css';

/** Why nothing can be added: no triggers at all, all of them in the group already, or the group is full. */
function pickerNote(noTriggers: boolean, allChosen: boolean, full: boolean, t: (key: string, options?: Record<string, unknown>) => string): string | undefined {
  if (noTriggers) return t('groups.noTriggersYet');
  if (full) return t('groups.full', { max: TRIGGER_GROUP_TRIGGERS_MAX });
  if (allChosen) return t('groups.allChosen');
  return undefined;
}

interface TriggerGroupFormProps {
  orgId: string;
  group?: TriggerGroupDto;
  onClose: () => void;
  onSaved: () => void;
}

/** Add and edit a trigger group (spec 001 §3, §5) in a side card: name, description, type and its triggers in order. */
export function TriggerGroupForm({ orgId, group, onClose, onSaved }: TriggerGroupFormProps) {
  const { t } = useTranslation('automation');
  const message = useValidationMessage('automation');
  const { run, error } = useFormAction();
  const save = useSaveTriggerGroup(orgId);
  const remove = useDeleteTriggerGroup(orgId);
  const triggers = useQuery(triggersQueryOptions(orgId));
  const [toAdd, setToAdd] = useState('');
  const picker = useRef<HTMLSelectElement>(null);

  async function submit(values: TriggerGroupFormValues, helpers: FormikHelpers<TriggerGroupFormValues>) {
    if (!(await run(() => save.mutateAsync({ triggerGroupId: group?.id, body: toGroupBody(values) }), t(group ? 'groups.saved' : 'groups.created')))) return;
    helpers.resetForm({ values });
    onSaved();
  }

  async function confirmDelete(id: string) {
    if (await run(() => remove.mutateAsync(id), t('groups.deleted'))) onClose();
  }

  const nameOf = (id: string) => triggers.data?.find((trigger) => trigger.id === id)?.name ?? (triggers.isPending ? t('workflow.loadingName') : t('groups.triggerMissing'));

  return (
    <Formik initialValues={toGroupFormValues(group)} validationSchema={triggerGroupSchema} onSubmit={submit}>
      {(form) => {
        const chosen = form.values.trigger_ids;
        const choices = addableTriggers(triggers.data ?? [], chosen);
        const full = chosen.length >= TRIGGER_GROUP_TRIGGERS_MAX;
        const setChosen = (ids: string[]) => {
          void form.setFieldValue('trigger_ids', ids);
          void form.setFieldTouched('trigger_ids', true, false);
        };
        const pick = toAdd && choices.some((trigger) => trigger.id === toAdd) ? toAdd : (choices[0]?.id ?? '');
        return (
          <SideCard title={t(group ? 'groups.editTitle' : 'groups.addTitle')} onClose={onClose} frozen={form.dirty} closeOnEscape>
            <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
              <TextField label={t('groups.name')} autoComplete="off" isRequired {...fieldProps(form, 'name', message)} />
              <TextAreaField
                label={t('groups.description')}
                isRequired
                rows={3}
                maxLength={TRIGGER_GROUP_DESCRIPTION_MAX}
                {...fieldProps(form, 'description', message)}
              />
              <SelectField label={t('groups.type')} {...fieldProps(form, 'type', message)}>
                {GROUP_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`groupTypes.${type}`)}
                  </option>
                ))}
              </SelectField>
              <fieldset className="workflow-field">
                <legend>{t('groups.triggers')}</legend>
                <p className="workflow-field__help">{t('groups.triggersHelp')}</p>
                <OrderedList label={t('groups.triggers')} items={chosen} empty={t('groups.noTriggers')} onChange={setChosen} entryOf={(id) => ({ key: id, label: nameOf(id) })} />
                <Flex gap="small" alignItems="flex-end" wrap="wrap">
                  <SelectField
                    ref={picker}
                    flex="1"
                    label={t('groups.addTrigger')}
                    value={pick}
                    isDisabled={choices.length === 0 || full}
                    descriptiveText={pickerNote(triggers.isSuccess && triggers.data.length === 0, choices.length === 0, full, t)}
                    onChange={(event) => setToAdd(event.target.value)}
                  >
                    {choices.map((trigger) => (
                      <option key={trigger.id} value={trigger.id}>
                        {trigger.name}
                      </option>
                    ))}
                  </SelectField>
                  <Button type="button" isDisabled={!pick || full} onClick={() => {
                      setChosen([...chosen, pick]);
                      // The next choice is one step back; at the last one this button turns off.
                      picker.current?.focus();
                    }}>
                    {t('groups.add')}
                  </Button>
                </Flex>
              </fieldset>
              <FormError message={error} />
              <FormFooter
                submitLabel={t('form.save')}
                busyLabel={t('form.saving')}
                disabled={!form.dirty || !form.isValid}
                busy={form.isSubmitting}
                remove={group ? { label: t('groups.delete'), title: t('groups.deleteTitle'), question: t('groups.deleteQuestion', { name: group.name }), cancelLabel: t('form.cancel'), onConfirm: () => confirmDelete(group.id) } : null}
              />
            </Flex>
          </SideCard>
        );
      }}
    </Formik>
  );
}
