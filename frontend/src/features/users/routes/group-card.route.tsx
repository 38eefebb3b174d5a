import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { userGroupQueryOptions } from '../../../lib/organization-data/user-groups.ts';
import { orgPaths } from '../../../lib/paths.ts';
import { OverlayItem, useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import { GroupForm } from '../components/group-form.tsx';

export function GroupCreateRoute() {
  const close = useCloseOverlay(orgPaths.userGroups);
  const closeSoon = useCloseAfterSubmit(close);
  return <GroupForm onClose={close} onSaved={closeSoon} />;
}

/** /users/user-groups/{id}/edit; an unknown group goes back to the list. */
export function GroupEditRoute() {
  const { t } = useTranslation('users');
  const { organization } = useOrganizationContext();
  const { groupId = '' } = useParams();
  const close = useCloseOverlay(orgPaths.userGroups);
  const closeSoon = useCloseAfterSubmit(close);
  const group = useQuery(userGroupQueryOptions(organization.id, groupId));
  return (
    <OverlayItem query={group} listRoute={orgPaths.userGroups} title={t('groups.editTitle')} onClose={close} loadingLabel={t('list.loading')}>
      {(found) => <GroupForm key={found.id} group={found} onClose={close} onSaved={closeSoon} />}
    </OverlayItem>
  );
}
