import type { OrganizationSummary } from '@portal/shared/organizations/organizations.schema';

export type OrganizationChoice =
  | { kind: 'none' }
  | { kind: 'open'; orgId: string }
  | { kind: 'choose'; organizations: OrganizationSummary[] };

export function findOrganization(
  organizations: readonly OrganizationSummary[],
  orgId: string,
): OrganizationSummary | undefined {
  return organizations.find((organization) => organization.id === orgId);
}

/**
 * What '/' does after sign-in (spec 001 §1): none -> a message; one -> open it; several -> open
 * the remembered one if the user still belongs to it, else (or when asked to) let the user choose.
 */
export function chooseOrganization(
  organizations: readonly OrganizationSummary[],
  rememberedId: string | undefined,
  forceChooser = false,
): OrganizationChoice {
  const [only] = organizations;
  if (!only) return { kind: 'none' };
  if (organizations.length === 1) return { kind: 'open', orgId: only.id };
  if (!forceChooser && rememberedId && findOrganization(organizations, rememberedId)) {
    return { kind: 'open', orgId: rememberedId };
  }
  const sorted = [...organizations].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { kind: 'choose', organizations: sorted };
}
