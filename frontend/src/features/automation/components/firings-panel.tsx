import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RESPONSE_TIME_DAYS, type FiringDto } from '@portal/shared/automation/automation.schema';
import { durationParts } from '../../../lib/duration.ts';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { StatusChip } from '../../../ui/status-chip.tsx';
import { FIRING_OUTCOME_TONES } from '../../../ui/status-tones.ts';
import { firingsQueryOptions } from '../api/triggers.ts';
import { createdCounts } from '../utils/firing-view.ts';

/** "12 s", "2 min 5 s": the kit's one duration rule in this module's words. */
function useDuration() {
  const { t } = useTranslation('automation');
  return (ms: number) =>
    durationParts(ms)
      .map(({ unit, value }) => t(`duration.${unit}`, { count: value }))
      .join(' ');
}

/**
 * The trigger's recent firings (source, outcome, what they made, who answered first and how fast)
 * and its response time over the last 7 days; read again every 2 seconds while the card is open.
 */
export function FiringsPanel({ orgId, triggerId }: { orgId: string; triggerId: string }) {
  const { t } = useTranslation('automation');
  const clock = useOrganizationClock();
  const firings = useQuery(firingsQueryOptions(orgId, triggerId));
  const duration = useDuration();

  const columns: DataTableColumn<FiringDto>[] = [
    { key: 'at', header: t('firings.at'), cell: (firing) => clock.dateTime(firing.at) },
    { key: 'source', header: t('firings.source'), cell: (firing) => t(`sources.${firing.source}`) },
    { key: 'outcome', header: t('firings.outcome'), cell: (firing) => <StatusChip tone={FIRING_OUTCOME_TONES[firing.outcome]}>{t(`outcomes.${firing.outcome}`)}</StatusChip> },
    {
      key: 'created',
      header: t('firings.created'),
      cell: (firing) => {
        const counts = createdCounts(firing.created);
        return counts.length ? counts.map(([type, count]) => t(`createdCount.${type}`, { count })).join(', ') : t('firings.nothing');
      },
    },
    {
      key: 'answer',
      header: t('firings.firstAnswer'),
      cell: (firing) => (firing.first_answer ? t('firings.answeredBy', { name: firing.first_answer.name, after: duration(firing.first_answer.after_ms) }) : t('firings.noAnswer')),
    },
  ];

  const response = firings.data?.response_time;
  return (
    <section className="trigger-section" aria-labelledby="firings-heading">
      <Heading level={3} fontSize="large" id="firings-heading">
        {t('firings.title')}
      </Heading>
      <div className="response-time" role="group" aria-label={t('responseTime.title', { days: RESPONSE_TIME_DAYS })}>
        <p className="response-time__title">{t('responseTime.title', { days: RESPONSE_TIME_DAYS })}</p>
        {response && response.count > 0 && response.median_ms !== null && response.slowest_ms !== null ? (
          <dl className="response-time__values">
            <div>
              <dt>{t('responseTime.median')}</dt>
              <dd>{duration(response.median_ms)}</dd>
            </div>
            <div>
              <dt>{t('responseTime.slowest')}</dt>
              <dd>{duration(response.slowest_ms)}</dd>
            </div>
            <div>
              <dt>{t('responseTime.count')}</dt>
              <dd>{response.count}</dd>
            </div>
          </dl>
        ) : (
          <Text variation="secondary">{firings.data ? t('responseTime.none') : '…'}</Text>
        )}
      </div>
      {firings.isPending ? <Loader aria-label={t('list.loading')} /> : null}
      {firings.isError ? <Text variation="secondary">{t('firings.loadFailed')}</Text> : null}
      {firings.data && firings.data.items.length === 0 ? <EmptyState compact title={t('firings.empty')} help={t('firings.emptyHelp')} /> : null}
      {firings.data && firings.data.items.length > 0 ? (
        <div className="firings__table">
          <DataTable label={t('firings.title')} columns={columns} rows={firings.data.items} />
        </div>
      ) : null}
    </section>
  );
}
