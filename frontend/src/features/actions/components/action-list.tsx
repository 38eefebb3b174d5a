import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { BellIcon } from '../../../ui/icons.tsx';
import { PagedList } from '../../../ui/paged-list.tsx';
import { StatusChip } from '../../../ui/status-chip.tsx';
import { TriggerChip } from '../../../ui/trigger-chip.tsx';
import { actionListQueryOptions } from '../api/actions.ts';
import { ACTION_STATE_TONES } from '../../../ui/status-tones.ts';
import { actionsKit } from '../utils/actions-kit.ts';

/** The sent list, newest first, with each action's state; it follows open actions live. */
export function ActionList({ selected }: { selected: string | undefined }) {
  const { t } = useTranslation('actions');
  const clock = useOrganizationClock();
  const { organization } = useOrganizationContext();
  const { to, search } = actionsKit.useNav();
  return (
    <PagedList
      queryOptions={actionListQueryOptions(organization.id)}
      label={t('list.sent')}
      empty={
        <EmptyState
          compact
          icon={<BellIcon />}
          title={t('list.emptySent')}
          help={t('list.emptySentHelp')}
          action={<ButtonLink to={to(orgPaths.actionsCreate)}>{t('list.emptyAction')}</ButtonLink>}
        />
      }
      selected={selected}
      rowTo={(item) => to(orgPaths.actions, {}, actionsKit.withTab(search, 'sent', item.id))}
      title={(item) => item.content.title.text}
      meta={(item) => (
        <>
          <StatusChip tone={ACTION_STATE_TONES[item.state]}>{t(`states.${item.state}`)}</StatusChip> {clock.dateTime(item.opts.send_time)} ·{' '}
          {t('list.accepted', { count: item.accepted_count, total: item.recipient_count })}
          {item.meta.trigger_id ? <>{' '}<TriggerChip triggerId={item.meta.trigger_id} namespace="actions" /></> : null}
        </>
      )}
      loadMoreLabel={t('actions.loadMore')}
      loadingLabel={t('list.loading')}
    />
  );
}
