import { useTranslation } from 'react-i18next';
import type { Weekday } from '@portal/shared/constants';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import type { ClosureCriteria, TaskRecurring } from '@portal/shared/tasks/task.schema';
import { daysLabel } from '../../../lib/weekdays.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { RecipientChips } from '../../../ui/recipient-chips.tsx';

interface TaskFactsProps {
  groups: RecipientGroup[];
  closure: ClosureCriteria;
  remindersEnabled: boolean;
  /** Instants (ISO); none for a template. */
  startAt?: string | null;
  endAt?: string | null;
  recurring?: TaskRecurring | null;
}

/** When a task runs, for whom, its completion rule, reminders and repeat (details of a task, a draft or a template). */
export function TaskFacts({ groups, closure, remindersEnabled, startAt, endAt, recurring }: TaskFactsProps) {
  const { t } = useTranslation('tasks');
  const clock = useOrganizationClock();
  const recipients = groups.find((group) => group.group_number === 0)?.recipients ?? [];
  const when = (at: string | null | undefined) => (at ? clock.dateTime(at) : t('details.notSet'));
  return (
    <dl className="item-details__facts">
      {startAt !== undefined ? (
        <>
          <dt>{t('form.start')}</dt>
          <dd>{when(startAt)}</dd>
          <dt>{t('form.end')}</dt>
          <dd>{when(endAt)}</dd>
        </>
      ) : null}
      <dt>{t('form.recipients')}</dt>
      <dd>{recipients.length ? <RecipientChips recipients={recipients} /> : t('details.noRecipientsChosen')}</dd>
      <dt>{t('form.closure')}</dt>
      <dd>{t(`form.closures.${closure}`)}</dd>
      <dt>{t('form.reminders')}</dt>
      <dd>{t(remindersEnabled ? 'details.on' : 'details.off')}</dd>
      {recurring ? (
        <>
          <dt>{t('form.repeat')}</dt>
          <dd>
            {daysLabel(recurring.days as Weekday[], t)}, {recurring.occurrence_time.start.time.slice(0, 5)}–{recurring.occurrence_time.end.time.slice(0, 5)}
            {recurring.range.end ? ` · ${t('details.repeatUntil', { date: recurring.range.end.date })}` : ''}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
