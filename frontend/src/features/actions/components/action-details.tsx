import { useEffect, useState } from 'react';
import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActionDto } from '@portal/shared/actions/action.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useRecipientOptions } from '../../../lib/organization-data/recipients.ts';
import { orgPaths } from '../../../lib/paths.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { DetailsQuery, ItemDetails } from '../../../ui/item-details.tsx';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { StatusChip, type StatusTone } from '../../../ui/status-chip.tsx';
import { actionQueryOptions, actionStatusQueryOptions } from '../api/actions.ts';
import { durationParts } from '../../../lib/duration.ts';
import { ACTION_STATE_TONES } from '../../../ui/status-tones.ts';
import { recipientRows, stateView, type RecipientRow } from '../utils/action-state.ts';
import { responseSummary } from '../utils/response-summary.ts';
import { ActionFacts } from './action-facts.tsx';
import { actionsKit } from '../utils/actions-kit.ts';
import { TemplateDetails as KitTemplateDetails } from '../../../ui/sending-kit-panes.tsx';

const RESPONSE_TONES: Record<string, StatusTone> = { accepted: 'success', declined: 'danger', 'no-response': 'neutral', 'not-available': 'warning' };

/** The details pane of a sent action; its state and responses follow it live while it is open. */
export function ActionDetails({ actionId }: { actionId: string }) {
  const { t } = useTranslation('actions');
  const { organization } = useOrganizationContext();
  const action = useQuery(actionQueryOptions(organization.id, actionId));
  return (
    <DetailsQuery query={action} loadingLabel={t('list.loading')} notFound={t('details.notFound')}>
      {(dto) => <Details dto={dto} />}
    </DetailsQuery>
  );
}

/** A clock that ticks each second while `on` (the time left of an open step). */
function useNow(on: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!on) return undefined;
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/** "25 s", "2 min 5 s", "1 d 1 h". */
export function useDuration() {
  const { t } = useTranslation('actions');
  return (ms: number) =>
    durationParts(ms, { round: 'up' })
      .map(({ unit, value }) => t(`duration.${unit}`, { count: value }))
      .join(' ');
}

function Details({ dto }: { dto: ActionDto }) {
  const { t } = useTranslation('actions');
  const clock = useOrganizationClock();
  const { to } = actionsKit.useNav();
  const duration = useDuration();
  const now = useNow(dto.state === 'open');
  const view = stateView(dto, now);
  const params = { actionId: dto.id };
  const groupCount = dto.recipient_groups.length;

  return (
    <ItemDetails
      id={`details-${dto.id}`}
      title={dto.content.title.text}
      message={dto.content.body.text}
      linksLabel={t('details.actionsLabel')}
      links={[
        { to: to(orgPaths.actionCopy, params), label: t('actions.copy') },
        { to: to(orgPaths.actionDelete, params), label: t(dto.state === 'open' ? 'actions.withdraw' : 'actions.delete') },
        { to: to(orgPaths.actionInspect, params), label: t('actions.inspect'), developer: true },
      ]}
    >
      {/* The state is announced when it changes; the ticking time left is not. */}
      <p className="action-details__state">
        <span role="status">
          <StatusChip tone={ACTION_STATE_TONES[view.state]}>{t(`states.${view.state}`)}</StatusChip>
        </span>{' '}
        {view.timeLeftMs !== null ? t('details.openAt', { step: view.step, steps: groupCount, left: duration(view.timeLeftMs) }) : null}
        {view.timeLeftMs === null && dto.closed_at ? t('details.closedAt', { time: clock.dateTime(dto.closed_at) }) : null}
      </p>
      <dl className="item-details__facts">
        <dt>{t('details.sentAt')}</dt>
        <dd>{clock.dateTime(dto.opts.send_time)}</dd>
      </dl>
      <ActionFacts groups={dto.recipient_groups} config={dto.config} />
      <Responses actionId={dto.id} />
    </ItemDetails>
  );
}

/** Per recipient: accepted, declined, no response or not available, with counts and shares that sum to 100. */
function Responses({ actionId }: { actionId: string }) {
  const { t } = useTranslation('actions');
  const { organization } = useOrganizationContext();
  const status = useQuery(actionStatusQueryOptions(organization.id, actionId));
  const options = useRecipientOptions(organization.id);
  const duration = useDuration();

  if (status.isPending) return <Loader aria-label={t('list.loading')} />;
  // A failed poll keeps the last statuses; only a first failure shows nothing.
  if (!status.data) return null;
  const summary = responseSummary(status.data.responses);
  const rows = recipientRows(status.data, options.data);
  return (
    <section aria-labelledby={`responses-${actionId}`} className="item-details__status">
      <Heading level={4} fontSize="medium" id={`responses-${actionId}`}>
        {t('details.responses')}
      </Heading>
      <ul className="action-details__summary" aria-label={t('details.summary')}>
        {summary.map((share) => (
          <li key={share.response}>
            <StatusChip tone={RESPONSE_TONES[share.response]}>{t(`responses.${share.response}`)}</StatusChip> {t('details.share', { count: share.count, percent: share.percent })}
          </li>
        ))}
      </ul>
      {status.data.answered_time_in_ms !== null ? <Text variation="secondary">{t('details.answeredTime', { time: duration(status.data.answered_time_in_ms) })}</Text> : null}
      {rows.length === 0 ? (
        <Text variation="secondary">{t('details.noRecipients')}</Text>
      ) : (
        <DataTable
          label={t('details.responseTable')}
          rows={rows}
          columns={[
            { key: 'name', header: t('details.user'), cell: (row) => row.name },
            { key: 'group', header: t('details.group'), cell: (row) => row.group },
            { key: 'response', header: t('details.response'), cell: (row) => <StatusChip tone={RESPONSE_TONES[row.response]}>{t(`responses.${row.response}`)}</StatusChip> },
            { key: 'when', header: t('details.when'), cell: (row) => <AnsweredOrOffline row={row} /> },
          ]}
        />
      )}
    </section>
  );
}

/** When they answered; else, for a watch that is offline, since when. */
function AnsweredOrOffline({ row }: { row: RecipientRow }) {
  const { t } = useTranslation('actions');
  const clock = useOrganizationClock();
  if (row.answeredAt) return <>{clock.time(row.answeredAt)}</>;
  if (row.offlineSince) return <>{t('details.offlineSince', { time: clock.time(row.offlineSince) })}</>;
  return row.offline && row.response === 'no-response' ? <>{t('details.offline')}</> : null;
}

/** A template's action with send, send now, edit, copy, delete (and inspect in developer mode): the kit's pane. */
export function TemplateDetails({ templateId }: { templateId: string }) {
  return (
    <KitTemplateDetails kit={actionsKit} templateId={templateId} notFoundKey="details.templateNotFound">
      {({ action }) => <ActionFacts groups={action.recipient_groups} config={action.config} />}
    </KitTemplateDetails>
  );
}
