/** Roles a user holds within one organisation, lowest privilege first. */
export const ROLES = ['employee', 'assistant', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

/** Every role: the default for routes any member of the organisation may call. */
export const ANY_ROLE: readonly Role[] = ROLES;
/** Roles that send notifications, actions and tasks: everyone but employees, who receive them. */
export const SENDER_ROLES: readonly Role[] = ['assistant', 'admin', 'superadmin'];
/** Roles that manage setup (users, devices, settings, automation); assistants are kept out. */
export const MANAGER_ROLES: readonly Role[] = ['admin', 'superadmin'];

/** The spec compares role names case-insensitively ('employee' in any case). */
export function normaliseRole(value: string): Role | undefined {
  const lower = value.trim().toLowerCase();
  return (ROLES as readonly string[]).includes(lower) ? (lower as Role) : undefined;
}

export function hasAnyRole(held: readonly Role[], allowed: readonly Role[]): boolean {
  return held.some((role) => allowed.includes(role));
}
