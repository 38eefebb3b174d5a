import { useTranslation } from 'react-i18next';
import type { ActionDto, ActionSettings, ActionTemplateDto } from '@portal/shared/actions/action.schema';
import { actionSettingsQueryOptions } from '../../../lib/organization-data/action-settings.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import type { ListOverlays } from '../../../ui/list-overlays.tsx';
import { OverlayQuery, type OverlayList, type WithItemProps } from '../../../ui/overlay-query.tsx';
import { actionQueryOptions } from '../api/actions.ts';
import { templateQueryOptions } from '../api/templates.ts';

/** The overlays of /actions: they close (and an unknown id goes back) to the list; texts of 'actions'. */
export const ACTION_OVERLAYS: ListOverlays = { listRoute: orgPaths.actions, namespace: 'actions' };

function useActionsList(): OverlayList & { orgId: string } {
  const { t } = useTranslation(ACTION_OVERLAYS.namespace);
  const { organization } = useOrganizationContext();
  return { orgId: organization.id, listRoute: ACTION_OVERLAYS.listRoute, loadingLabel: t('list.loading') };
}

export function WithAction({ id, ...rest }: WithItemProps<ActionDto>) {
  const { orgId, ...list } = useActionsList();
  return <OverlayQuery options={actionQueryOptions(orgId, id)} {...list} {...rest} />;
}

export function WithTemplate({ id, ...rest }: WithItemProps<ActionTemplateDto>) {
  const { orgId, ...list } = useActionsList();
  return <OverlayQuery options={templateQueryOptions(orgId, id)} {...list} {...rest} />;
}

/** The form's time-out options (GET settings/actions) before it opens. */
export function WithSettings(props: Omit<WithItemProps<ActionSettings>, 'id'>) {
  const { orgId, ...list } = useActionsList();
  return <OverlayQuery options={actionSettingsQueryOptions(orgId)} {...list} {...props} />;
}
