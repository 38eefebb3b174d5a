import { Loader } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { generalSettingsQueryOptions } from '../../../lib/organization-data/general-settings.ts';
import { userGroupsQueryOptions } from '../../../lib/organization-data/user-groups.ts';
import { userQueryOptions } from '../../../lib/organization-data/users.ts';
import { isUnknownId, RedirectTo, useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { SideCard, useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import { accessLevelsQueryOptions } from '../api/access-levels.ts';
import { UserForm } from '../components/user-form.tsx';
import type { TriggerMenuSettings } from '../utils/user-form-model.ts';
import { VIEW_ROUTES, kindOfView } from '../utils/users-view.ts';

/** {view}/create and {view}/{id}/edit of the two user tabs; an unknown id goes back to the list. */
function UserCard({ view, mode }: { view: 'people' | 'devices'; mode: 'create' | 'edit' }) {
  const { t } = useTranslation('users');
  const { organization } = useOrganizationContext();
  const { userId = '' } = useParams();
  const routes = VIEW_ROUTES[view];
  const close = useCloseOverlay(routes.list);
  const closeSoon = useCloseAfterSubmit(close);
  const orgId = organization.id;

  const user = useQuery({ ...userQueryOptions(orgId, userId), enabled: mode === 'edit' });
  const levels = useQuery(accessLevelsQueryOptions(orgId));
  const groups = useQuery(userGroupsQueryOptions(orgId));
  const settings = useQuery(generalSettingsQueryOptions(orgId));

  if (mode === 'edit' && isUnknownId(user.error)) return <RedirectTo route={routes.list} />;
  if (user.error) throw user.error;
  if (levels.error) throw levels.error;
  if (groups.error) throw groups.error;

  const title = t(mode === 'create' ? 'form.addTitle' : 'form.editTitle');
  // Settings failing to load only means the trigger menu stays off.
  if ((mode === 'edit' && user.isPending) || levels.isPending || groups.isPending || settings.isPending) {
    return (
      <SideCard title={title} onClose={close}>
        <Loader aria-label={t('list.loading')} />
      </SideCard>
    );
  }
  const general = settings.data?.general;
  const triggerMenus: TriggerMenuSettings = {
    enabled: general?.is_trigger_menus_enabled ?? false,
    choices: general?.trigger_menus_trigger_group_ids ?? [],
  };
  return (
    <UserForm
      // A different user means a fresh form.
      key={user.data?.id ?? 'new'}
      mode={mode}
      kind={kindOfView(view)}
      user={mode === 'edit' ? user.data : undefined}
      accessLevels={levels.data}
      groups={groups.data}
      triggerMenus={triggerMenus}
      editRoute={routes.edit!}
      onClose={close}
      onSaved={closeSoon}
    />
  );
}

export const PersonCreateRoute = () => <UserCard view="people" mode="create" />;
export const PersonEditRoute = () => <UserCard view="people" mode="edit" />;
export const DeviceUserCreateRoute = () => <UserCard view="devices" mode="create" />;
export const DeviceUserEditRoute = () => <UserCard view="devices" mode="edit" />;
