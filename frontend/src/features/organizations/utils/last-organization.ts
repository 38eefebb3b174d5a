const LAST_ORGANIZATION_KEY = 'portal.lastOrganization';

/** Storage may be unavailable (private mode, blocked); the choice is then simply not remembered. */
export function lastOrganization(): string | undefined {
  try {
    return localStorage.getItem(LAST_ORGANIZATION_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberOrganization(orgId: string): void {
  try {
    localStorage.setItem(LAST_ORGANIZATION_KEY, orgId);
  } catch {
    // See lastOrganization.
  }
}
