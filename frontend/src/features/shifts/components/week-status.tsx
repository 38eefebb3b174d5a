import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { ShiftWeekDto } from '@portal/shared/shifts/shift.schema';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';

interface WeekStatusProps {
  week: ShiftWeekDto | undefined;
  busy: 'publish' | 'copy' | undefined;
  failure: string | undefined;
  onCommand: (command: 'publish' | 'copy') => void;
  /** Opens the week templates (save this week, apply or delete one). */
  onTemplates: () => void;
}

/** The week's state (draft, published, changed since publish) with copy-previous, the week templates and publish. */
export function WeekStatus({ week, busy, failure, onCommand, onTemplates }: WeekStatusProps) {
  const { t } = useTranslation('shifts');
  const clock = useOrganizationClock();
  const state = !week ? '' : week.published_at ? (week.has_unpublished_changes ? t('status.changed') : t('status.published', { at: clock.dateTime(week.published_at) })) : t('status.draft');
  return (
    <div className="schedule-status">
      <p className="schedule-status__state" role="status">
        {state}
      </p>
      <Button size="small" isLoading={busy === 'copy'} isDisabled={!week || Boolean(busy)} onClick={() => onCommand('copy')}>
        {t('status.copyPrevious')}
      </Button>
      {/* Not waiting for the week: the templates need only its number (a disabled button would drop the focus). */}
      <Button size="small" onClick={onTemplates}>
        {t('status.templates')}
      </Button>
      <Button size="small" variation="primary" isLoading={busy === 'publish'} isDisabled={!week || Boolean(busy) || (Boolean(week.published_at) && !week.has_unpublished_changes)} onClick={() => onCommand('publish')}>
        {t('status.publish')}
      </Button>
      {failure ? (
        <p className="schedule-status__failure" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
