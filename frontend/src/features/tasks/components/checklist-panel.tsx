import { useState } from 'react';
import { Button, CheckboxField, Flex, Heading } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { ChecklistItemState, TaskDto } from '@portal/shared/tasks/task.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useRecipientOptions } from '../../../lib/organization-data/recipients.ts';
import { formErrorMessage } from '../../../ui/form-error-message.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { useToast } from '../../../ui/toasts.tsx';
import { useChecklistBatch } from '../api/tasks.ts';
import { checklistBatch, checklistRows, type ChecklistRow } from '../utils/task-view.ts';
import '@aws-amplify/ui-react/styles/checkbox.css';
import '@aws-amplify/ui-react/styles/checkboxField.css';

/**
 * The checklist with who ticked each item and when. Roles other than employee tick and untick
 * here and save the changes as one batch (spec 000 §4, §6); employees read it. Ticks made on a
 * watch arrive with the pane's polling; an item changed here and not yet saved keeps the local choice.
 */
export function ChecklistPanel({ dto, states, canTick }: { dto: TaskDto; states: ChecklistItemState[] | undefined; canTick: boolean }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const options = useRecipientOptions(organization.id);
  const rows = checklistRows(dto.content, states, options.data);
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const batch = checklistBatch(rows, pending);
  const save = useChecklistBatch(organization.id);
  const toast = useToast();

  if (rows.length === 0) return null;
  const checkedOf = (row: ChecklistRow) => (row.id in pending ? pending[row.id]! : row.checked);

  async function submit() {
    try {
      await save.mutateAsync({ taskId: dto.id, items: batch });
      setPending({});
      toast.show({ message: t('checklist.saved'), variation: 'success' });
    } catch (error) {
      toast.show({ message: formErrorMessage(error, t('confirm.failed')), variation: 'error' });
    }
  }

  return (
    <section aria-labelledby={`checklist-${dto.id}`} className="task-checklist">
      <Heading level={4} fontSize="medium" id={`checklist-${dto.id}`}>
        {t('checklist.title', { done: rows.filter((row) => row.checked).length, total: rows.length })}
      </Heading>
      <ul className="task-checklist__items" aria-label={t('checklist.label')}>
        {rows.map((row) => (
          <li key={row.id}>
            {canTick ? (
              <CheckboxField
                name={`checklist-${row.id}`}
                value="checked"
                label={row.title}
                checked={checkedOf(row)}
                isDisabled={save.isPending}
                onChange={(event) => setPending((current) => ({ ...current, [row.id]: event.target.checked }))}
              />
            ) : (
              <span className="task-checklist__readonly">
                <span aria-hidden="true">{row.checked ? '☑' : '☐'}</span> {row.title}
                <span className="visually-hidden">: {t(row.checked ? 'checklist.checked' : 'checklist.unchecked')}</span>
              </span>
            )}
            <TickedBy row={row} />
          </li>
        ))}
      </ul>
      {canTick ? (
        <Flex gap="small" alignItems="center">
          <Button size="small" variation="primary" isDisabled={batch.length === 0} isLoading={save.isPending} loadingText={t('form.saving')} onClick={() => void submit()}>
            {t('checklist.save')}
          </Button>
          {batch.length ? <span className="task-checklist__hint">{t('checklist.unsaved', { count: batch.length })}</span> : null}
        </Flex>
      ) : null}
    </section>
  );
}

/** Who ticked it and when. */
function TickedBy({ row }: { row: ChecklistRow }) {
  const { t } = useTranslation('tasks');
  const clock = useOrganizationClock();
  if (!row.checked || !row.by) return null;
  return <span className="task-checklist__by">{t('checklist.tickedBy', { name: row.by, time: row.at ? clock.dateTime(row.at) : '' })}</span>;
}
