import { Loader } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { SideCard, useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import { userGroupQueryOptions } from '../../../lib/organization-data/user-groups.ts';
import { GroupForm } from '../components/group-form.tsx';
import { useCloseTo } from '../hooks/use-close-to.ts';
import { isNotFound } from '../utils/not-found.ts';

export function GroupCreateRoute() {
  const close = useCloseTo(orgPaths.userGroups);
  const closeSoon = useCloseAfterSubmit(close);
  return <GroupForm onClose={close} onSaved={closeSoon} />;
}

/** /users/user-groups/{id}/edit; an unknown group goes back to the list. */
export function GroupEditRoute() {
  const { t } = useTranslation('users');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const { groupId = '' } = useParams();
  const close = useCloseTo(orgPaths.userGroups);
  const closeSoon = useCloseAfterSubmit(close);
  const group = useQuery(userGroupQueryOptions(organization.id, groupId));

  if (isNotFound(group.error)) return <Navigate to={{ pathname: orgHref(orgPaths.userGroups), search }} replace />;
  if (group.isError) throw group.error;
  if (group.isPending) {
    return (
      <SideCard title={t('groups.editTitle')} onClose={close}>
        <Loader aria-label={t('list.loading')} />
      </SideCard>
    );
  }
  return <GroupForm key={group.data.id} group={group.data} onClose={close} onSaved={closeSoon} />;
}
