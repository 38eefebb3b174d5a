import type { ActionDto, ActionSettings, ActionTemplateDto } from '@portal/shared/actions/action.schema';
import { actionSettingsQueryOptions } from '../../../lib/organization-data/action-settings.ts';
import { orgPaths } from '../../../lib/paths.ts';
import type { ListOverlays } from '../../../ui/list-overlays.tsx';
import { OverlayQuery, useOverlayList, type WithItemProps } from '../../../ui/overlay-query.tsx';
import { actionQueryOptions } from '../api/actions.ts';
import { templateQueryOptions } from '../api/templates.ts';

/** The overlays of /actions: they close (and an unknown id goes back) to the list; texts of 'actions'. */
export const ACTION_OVERLAYS: ListOverlays = { listRoute: orgPaths.actions, namespace: 'actions', loadingKey: 'list.loading' };

export function WithAction({ id, ...rest }: WithItemProps<ActionDto>) {
  const { orgId, ...list } = useOverlayList(ACTION_OVERLAYS);
  return <OverlayQuery options={actionQueryOptions(orgId, id)} {...list} {...rest} />;
}

export function WithTemplate({ id, ...rest }: WithItemProps<ActionTemplateDto>) {
  const { orgId, ...list } = useOverlayList(ACTION_OVERLAYS);
  return <OverlayQuery options={templateQueryOptions(orgId, id)} {...list} {...rest} />;
}

/** The form's time-out options (GET settings/actions) before it opens. */
export function WithSettings(props: Omit<WithItemProps<ActionSettings>, 'id'>) {
  const { orgId, ...list } = useOverlayList(ACTION_OVERLAYS);
  return <OverlayQuery options={actionSettingsQueryOptions(orgId)} {...list} {...props} />;
}
