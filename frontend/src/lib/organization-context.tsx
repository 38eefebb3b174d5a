import { createContext, useCallback, useContext } from 'react';
import type { FeatureSettingsResponse, OrganizationSummary } from '@portal/shared/organizations/organizations.schema';
import type { FeatureFlags } from '@portal/shared/tenancy/features';
import type { Role } from '@portal/shared/tenancy/roles';
import { toRoles, type AccessInput } from './access.ts';
import { paths } from './paths.ts';

/** The organisation the shell is showing, as features need it (they may not import the app). */
export interface OrganizationContextValue {
  organization: OrganizationSummary;
  roles: Role[];
  features: FeatureFlags;
  dashboards: string[];
  /** The user belongs to more than one organisation, so switching makes sense. */
  canSwitch: boolean;
}

const OrganizationContext = createContext<OrganizationContextValue | null>(null);

export const OrganizationProvider = OrganizationContext.Provider;

export function useOrganizationContext(): OrganizationContextValue {
  const value = useContext(OrganizationContext);
  if (!value) throw new Error('useOrganizationContext is used outside an organisation route');
  return value;
}

/** The context of an organisation from the reads the shell waits for: the user's organisations and its feature settings. */
export function organizationContextOf(
  organization: OrganizationSummary,
  settings: FeatureSettingsResponse,
  organizationCount: number,
): OrganizationContextValue {
  return {
    organization,
    roles: toRoles(organization.roles),
    features: settings.features,
    dashboards: settings.dashboards,
    canSwitch: organizationCount > 1,
  };
}

export function accessInputOf(value: OrganizationContextValue): AccessInput {
  return { flags: value.features, anyDashboardEnabled: value.dashboards.length > 0, roles: value.roles };
}

/** Links to a route of the current organisation, e.g. orgHref(orgPaths.helpFaq). */
export function useOrgHref(): (route: string) => string {
  const { organization } = useOrganizationContext();
  return useCallback((route: string) => paths.organization.href(organization.id, route), [organization.id]);
}
