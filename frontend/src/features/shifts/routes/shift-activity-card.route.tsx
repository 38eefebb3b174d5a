import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { shiftActivityTypesQueryOptions } from '../../../lib/organization-data/shift-activity-types.ts';
import { orgPaths } from '../../../lib/paths.ts';
import { OverlayItem, RedirectTo, useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import { ShiftActivityForm } from '../components/shift-activity-form.tsx';

/** Closes an activity overlay back to /settings/shift-planner, keeping the query. */
const useCloseToList = () => useCloseOverlay(orgPaths.settingsShiftPlanner);

/** /settings/shift-planner/shift-activity/create. */
export function ShiftActivityCreateRoute() {
  const close = useCloseToList();
  const closeSoon = useCloseAfterSubmit(close);
  return <ShiftActivityForm onClose={close} onSaved={closeSoon} />;
}

/**
 * /settings/shift-planner/shift-activity/edit/{id}: the activity from the organisation's list (the
 * API has no single read; the list is small and the page behind has it already). An unknown id goes back.
 */
export function ShiftActivityEditRoute() {
  const { t } = useTranslation('shifts', { keyPrefix: 'settings' });
  const { organization } = useOrganizationContext();
  const { activityTypeId = '' } = useParams();
  const close = useCloseToList();
  const closeSoon = useCloseAfterSubmit(close);
  const list = useQuery(shiftActivityTypesQueryOptions(organization.id));
  const activity = list.data?.items.find((item) => item.id === activityTypeId);
  if (list.isSuccess && !activity) return <RedirectTo route={orgPaths.settingsShiftPlanner} />;
  return (
    <OverlayItem query={{ ...list, data: activity }} listRoute={orgPaths.settingsShiftPlanner} title={t('editTitle')} onClose={close} loadingLabel={t('loading')}>
      {(found) => <ShiftActivityForm key={found.id} activity={found} onClose={close} onSaved={closeSoon} />}
    </OverlayItem>
  );
}
