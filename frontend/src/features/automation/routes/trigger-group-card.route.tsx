import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { OverlayItem, useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import { triggerGroupQueryOptions } from '../api/trigger-groups.ts';
import { TriggerGroupForm } from '../components/trigger-group-form.tsx';

/** /automation/trigger-groups/create. */
export function TriggerGroupCreateRoute() {
  const { organization } = useOrganizationContext();
  const close = useCloseOverlay(orgPaths.automationTriggerGroups);
  const closeSoon = useCloseAfterSubmit(close);
  return <TriggerGroupForm orgId={organization.id} onClose={close} onSaved={closeSoon} />;
}

/** /automation/trigger-groups/edit/{id}; an unknown group goes back to the list. */
export function TriggerGroupEditRoute() {
  const { t } = useTranslation('automation');
  const { organization } = useOrganizationContext();
  const { triggerGroupId = '' } = useParams();
  const close = useCloseOverlay(orgPaths.automationTriggerGroups);
  const closeSoon = useCloseAfterSubmit(close);
  const group = useQuery(triggerGroupQueryOptions(organization.id, triggerGroupId));
  return (
    <OverlayItem query={group} listRoute={orgPaths.automationTriggerGroups} title={t('groups.editTitle')} onClose={close} loadingLabel={t('list.loading')}>
      {(found) => <TriggerGroupForm key={found.id} orgId={organization.id} group={found} onClose={close} onSaved={closeSoon} />}
    </OverlayItem>
  );
}
