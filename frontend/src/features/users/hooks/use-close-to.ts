import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useOrgHref } from '../../../lib/organization-context.tsx';

/** Closes an overlay back to its list, keeping the query (filter, developer mode, card lock). */
export function useCloseTo(route: string): () => void {
  const navigate = useNavigate();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  return useCallback(() => void navigate({ pathname: orgHref(route), search }), [navigate, orgHref, route, search]);
}
