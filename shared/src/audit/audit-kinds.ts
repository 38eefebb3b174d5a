/**
 * The organisation's audit trail (issue 32, /settings/audit): who changed what, when, with the
 * changed fields before and after. Kept AUDIT_RETENTION_DAYS, then DynamoDB's TTL removes it.
 * What each kind covers (one entry per kind a request changes, so a filter by kind finds it):
 * - `user`: a person or device user added, edited (name, email, type, groups) or removed;
 * - `access_level`: a member's access level (role) changed, or given with a new user;
 * - `credentials`: a password or PIN set (never its value);
 * - `user_group`: a user group added, renamed, recoloured, its members changed, or removed;
 * - `settings`: general settings and each module's settings section, the tablet map, the logo;
 * - `feature_flags`: the feature flags (part of general settings, kept apart for the filter);
 * - `trigger`: an automation trigger or trigger group added, edited or removed;
 * - `trigger_secret`: a webhook secret created or rotated (never the secret);
 * - `device`: a watch or tablet added, edited or removed;
 * - `device_credentials`: a device's token issued or rotated (never the token).
 *
 * What an entry is and how much of it is kept, yup-free: the recording side (functions/src/audit/
 * public.ts, its entity) is in every bundle that changes something, which should not carry the
 * trail's query schemas (docs/performance.md, "Lambda bundles"). Re-exported by audit.schema.ts.
 */
export const AUDIT_KINDS = ['user', 'access_level', 'credentials', 'user_group', 'settings', 'feature_flags', 'trigger', 'trigger_secret', 'device', 'device_credentials'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_ACTIONS = ['created', 'updated', 'deleted', 'rotated'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How long an entry is kept (issue 32): a year, then the table's TTL removes it. */
export const AUDIT_RETENTION_DAYS = 365;
/** The range the trail shows when the query names none: the last 30 days, in the organisation's zone. */
export const AUDIT_DEFAULT_DAYS = 30;
/** At most this many fields per entry; a value is cut to AUDIT_VALUE_MAX characters. */
export const AUDIT_CHANGES_MAX = 50;
export const AUDIT_VALUE_MAX = 200;
