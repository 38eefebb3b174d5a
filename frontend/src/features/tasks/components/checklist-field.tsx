import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { CHECKLIST_ITEM_TEXT_MAX } from '@portal/shared/constants';
import { CHECKLIST_ITEMS_MAX } from '@portal/shared/tasks/task.schema';
import { newChecklistEntry, type TaskFormValues } from '../utils/task-form-model.ts';

/** The checklist items of the form: each its text (at most 38), added and removed here (spec 000 §5, §9). */
export function ChecklistField({ form, message }: { form: FormikProps<TaskFormValues>; message: (value: unknown) => string | undefined }) {
  const { t } = useTranslation('tasks');
  const items = form.values.checklist;
  const shown = form.touched.checklist || form.submitCount > 0;
  // The form's errors hold one message per item index (utils/task-validation.ts).
  const errors = (shown ? form.errors.checklist : undefined) as unknown as Record<number, string> | undefined;
  const set = (next: TaskFormValues['checklist']) => {
    void form.setFieldValue('checklist', next);
  };
  return (
    <fieldset className="task-form__checklist">
      <legend>{t('form.checklist')}</legend>
      {items.map((item, index) => (
        <Flex key={item.id} gap="small" alignItems="flex-start">
          <TextField
            flex="1"
            label={t('form.checklistItem', { number: index + 1 })}
            placeholder={t('form.checklistPlaceholder')}
            autoComplete="off"
            maxLength={CHECKLIST_ITEM_TEXT_MAX}
            value={item.text}
            descriptiveText={t('form.counter', { count: item.text.length, max: CHECKLIST_ITEM_TEXT_MAX })}
            hasError={Boolean(errors?.[index])}
            errorMessage={message(errors?.[index])}
            onChange={(event) => set(items.map((entry, i) => (i === index ? { ...entry, text: event.target.value } : entry)))}
            onBlur={() => void form.setFieldTouched('checklist', true)}
          />
          <Button type="button" size="small" variation="link" marginTop="large" onClick={() => set(items.filter((_, i) => i !== index))}>
            {t('form.removeChecklistItem', { number: index + 1 })}
          </Button>
        </Flex>
      ))}
      <Button type="button" size="small" alignSelf="flex-start" isDisabled={items.length >= CHECKLIST_ITEMS_MAX} onClick={() => set([...items, newChecklistEntry()])}>
        {t('form.addChecklistItem')}
      </Button>
    </fieldset>
  );
}
