import { AUDIT_RETENTION_DAYS, AUDIT_VALUE_MAX, type AuditAction, type AuditKind } from '@portal/shared/audit/audit-kinds';
import { newId } from '../platform/db/ids.ts';
import type { SettingsSection } from '../platform/db/settings-section.ts';
import { logger } from '../platform/logger.ts';
import type { AuditEntryItem } from './audit-entry.entity.ts';
import { insertEntries } from './audit.repository.ts';
import { changedFields, redacted, type AuditRecord } from './changes.ts';

/**
 * The audit trail's one way in (issue 32): the modules that change users, settings, triggers and
 * devices record each change here after storing it. Audit imports none of them (no module loop).
 */

export type { AuditRecord } from './changes.ts';

/** Who changed it: the request's principal (its user id, and its e-mail as the name shown). */
export interface AuditActor {
  userId: string;
  email?: string | undefined;
}

export interface AuditChange {
  kind: AuditKind;
  action: AuditAction;
  /** What changed: its id and its name as it is now (as it was, when deleted). */
  target: { id: string; name: string };
  /** The fields before and after (null or absent: created, deleted); only those that differ are kept. */
  before?: AuditRecord | null;
  after?: AuditRecord | null;
  /** Fields of before and after whose values are secrets: named when changed, never kept. */
  redact?: readonly string[];
  /** Secrets this change set, rotated or removed (a password, a token): named only, never a value. */
  secrets?: readonly string[];
}

const DAY_SECONDS = 86_400;

/**
 * Records the changes a request made, one entry each, all at one instant; an `updated` whose
 * fields are all unchanged writes nothing. Called after the change is stored, and never fails the
 * request: the change has happened and the caller must hear so. An entry that cannot be written
 * is logged as an error with its content (secret-free: values are redacted before this point), so
 * the log keeps it, beside the security event the change may also have logged.
 */
export async function recordChange(orgId: string, actor: AuditActor, ...changes: AuditChange[]): Promise<void> {
  const at = new Date();
  const entries = changes.flatMap((change): AuditEntryItem[] => {
    const fields = [...changedFields(change), ...(change.secrets ?? []).map(redacted)];
    if (change.action === 'updated' && fields.length === 0) return [];
    return [
      {
        orgId,
        at: at.toISOString(),
        entryId: newId(at.getTime()),
        actorId: actor.userId,
        actorName: (actor.email || actor.userId).slice(0, AUDIT_VALUE_MAX),
        kind: change.kind,
        action: change.action,
        targetId: change.target.id,
        targetName: change.target.name.slice(0, AUDIT_VALUE_MAX),
        // A null value is left out of its map; the service reads it back as null.
        changes: fields.map((f) => ({ field: f.field, ...(f.before !== null ? { before: f.before } : {}), ...(f.after !== null ? { after: f.after } : {}), ...(f.redacted ? { redacted: true } : {}) })),
        expiresAt: Math.floor(at.getTime() / 1000) + AUDIT_RETENTION_DAYS * DAY_SECONDS,
      },
    ];
  });
  if (entries.length === 0) return;
  try {
    await insertEntries(entries);
  } catch (error) {
    logger.error('Audit entry not recorded', { orgId, entries, error: error as Error });
  }
}

/** A settings section changed (`/settings/<section>`; its feature flags are a kind of their own): the section's key is its target. */
export const settingsChange = (section: string, before: AuditRecord, after: AuditRecord, kind: 'settings' | 'feature_flags' = 'settings'): AuditChange => ({
  kind,
  action: 'updated',
  target: { id: section, name: section },
  before,
  after,
});

/** A module's settings route: replaces its section (the kit's `settingsSection`) and records what changed under the section's name. */
export async function replaceSettings<Dto extends AuditRecord>(orgId: string, actor: AuditActor, name: string, section: SettingsSection<Dto>, input: Dto): Promise<Dto> {
  const { before, after } = await section.replace(orgId, input);
  await recordChange(orgId, actor, settingsChange(name, before, after));
  return after;
}
