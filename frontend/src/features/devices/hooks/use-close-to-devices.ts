import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths, paths } from '../../../lib/paths.ts';

/** Closes an overlay back to /devices, keeping the query (developer mode, card lock). */
export function useCloseToDevices(): () => void {
  const navigate = useNavigate();
  const { organization } = useOrganizationContext();
  const { search } = useLocation();
  return useCallback(() => void navigate({ pathname: paths.organization.href(organization.id, orgPaths.devices), search }), [navigate, organization.id, search]);
}
