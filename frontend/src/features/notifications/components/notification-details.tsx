import { Flex, Heading, Loader, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NotificationDto, PerUserState } from '@portal/shared/notifications/notification.schema';
import { instantOf } from '@portal/shared/scheduling/series-time';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { DetailsQuery, ItemDetails } from '../../../ui/item-details.tsx';
import { useDeveloperMode } from '../../../ui/developer-mode.tsx';
import { StatusChip, type StatusTone } from '../../../ui/status-chip.tsx';
import { notificationQueryOptions, notificationStatusQueryOptions } from '../api/notifications.ts';
import { useRecipientOptions } from '../../../lib/organization-data/recipients.ts';
import { daysLabel, statusRows } from '../utils/display.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { sendTimeOf } from '../utils/notification-form-model.ts';
import { isRecurringChild, isRecurringRoot, isSent } from '../utils/select-route.ts';
import { RecipientChips } from '../../../ui/recipient-chips.tsx';
import { recipientsOf } from '../utils/notification-form-model.ts';
import '@aws-amplify/ui-react/styles/table.css';
import { notificationsKit } from '../utils/notifications-kit.ts';
import { TemplateDetails as KitTemplateDetails } from '../../../ui/sending-kit-panes.tsx';

/** The details pane of a sent or scheduled notification; statuses poll every ~2 s while open. */
export function NotificationDetails({ notificationId }: { notificationId: string }) {
  const { t } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  const notification = useQuery(notificationQueryOptions(organization.id, notificationId));
  return (
    <DetailsQuery query={notification} loadingLabel={t('list.loading')} notFound={t('details.notFound')}>
      {(dto) => <Details dto={dto} />}
    </DetailsQuery>
  );
}

function Details({ dto }: { dto: NotificationDto }) {
  const { t } = useTranslation('notifications');
  const clock = useOrganizationClock();
  const { to } = notificationsKit.useNav();
  const developerMode = useDeveloperMode();
  const root = isRecurringRoot(dto);
  // Sent: when it went out; a root: its next occurrence; scheduled: its send time.
  const when = dto.sent_at ? new Date(dto.sent_at) : root && dto.send_at ? new Date(dto.send_at) : sendTimeOf(dto);
  const sent = isSent(dto);
  const params = { notificationId: dto.id };
  const recurring = dto.config.recurring;

  return (
    <ItemDetails
      id={`details-${dto.id}`}
      title={dto.content.title.text || t('list.untitled')}
      message={dto.content.body.text}
      linksLabel={t('details.actionsLabel')}
      links={[
        { to: to(orgPaths.notificationSelect, params), label: t('actions.edit') },
        { to: to(orgPaths.notificationCopy, params), label: t('actions.copy') },
        { to: to(orgPaths.notificationDelete, params), label: t('actions.delete') },
        { to: to(orgPaths.notificationInspect, params), label: t('actions.inspect'), developer: true },
      ]}
    >
      <dl className="item-details__facts">
        <dt>{t('details.recipients')}</dt>
        <dd>
          <RecipientChips recipients={recipientsOf(dto.recipient_groups)} />
        </dd>
        <dt>{sent ? t('details.sentAt') : t('details.scheduledFor')}</dt>
        <dd>{when ? clock.dateTime(when) : t('details.rightNow')}</dd>
        {recurring ? (
          <>
            <dt>{t('details.repeat')}</dt>
            <dd>
              {daysLabel(recurring.days, t)}, {clock.time(instantOf({ date: recurring.range.start.date, ...recurring.occurrence_time.send }))}
              {recurring.range.end ? ` ${t('details.repeatUntil', { date: clock.day(recurring.range.end.date) })}` : null}
            </dd>
          </>
        ) : null}
        {isRecurringChild(dto) ? (
          <>
            <dt>{t('details.series')}</dt>
            <dd>{t('details.repeat')}</dd>
          </>
        ) : null}
      </dl>
      {root ? null : <StatusTable notificationId={dto.id} developerMode={developerMode} />}
    </ItemDetails>
  );
}

const STATE_TONES: Record<PerUserState, StatusTone> = { NotSent: 'neutral', Sent: 'info', Read: 'success' };

/** Who has it: NotSent, Sent or Read per user, live (no reload needed). */
function StatusTable({ notificationId, developerMode }: { notificationId: string; developerMode: boolean }) {
  const { t } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  const status = useQuery(notificationStatusQueryOptions(organization.id, notificationId));
  const options = useRecipientOptions(organization.id);

  if (status.isPending) return <Loader aria-label={t('list.loading')} />;
  // A failed poll keeps the last statuses; only a first failure shows nothing.
  if (!status.data) return null;
  const rows = statusRows(status.data, options.data);
  return (
    <section aria-label={t('details.status')} className="item-details__status">
      <Flex justifyContent="space-between" alignItems="baseline">
        <Heading level={4} fontSize="medium">
          {t('details.status')}
        </Heading>
        {developerMode ? <Text variation="secondary">{t('details.received', { count: status.data.received_user_ids.length })}</Text> : null}
      </Flex>
      {rows.length === 0 ? (
        <Text variation="secondary">{t('details.noRecipients')}</Text>
      ) : (
        <Table size="small" aria-label={t('details.statusTable')}>
          <TableHead>
            <TableRow>
              <TableCell as="th">{t('details.user')}</TableCell>
              <TableCell as="th">{t('details.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.userId}>
                <TableCell>{row.name}</TableCell>
                <TableCell>
                  <StatusChip tone={STATE_TONES[row.state]}>{t(`states.${row.state}`)}</StatusChip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

/** A template's content and recipients with send, edit, copy, delete (and inspect in developer mode): the kit's pane. */
export function TemplateDetails({ templateId }: { templateId: string }) {
  const { t } = useTranslation('notifications');
  return (
    <KitTemplateDetails kit={notificationsKit} templateId={templateId} notFoundKey="details.notFound">
      {({ notification }) => (
        <dl className="item-details__facts">
          <dt>{t('details.recipients')}</dt>
          <dd>
            <RecipientChips recipients={recipientsOf(notification.recipient_groups)} />
          </dd>
        </dl>
      )}
    </KitTemplateDetails>
  );
}
