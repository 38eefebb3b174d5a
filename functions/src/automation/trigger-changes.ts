import type { AuditAction } from '@portal/shared/audit/audit.schema';
import type { AuditChange } from '../audit/public.ts';
import type { TriggerGroupItem } from './trigger-group.entity.ts';
import type { TriggerItem } from './trigger.entity.ts';

/**
 * Triggers and trigger groups as the audit trail records them (issue 32): their fields as the API
 * names them; a webhook secret is a change of its own kind (`trigger_secret`), named only. The
 * secret's hint is left out too: it is the secret's last characters.
 */

type Action = Exclude<AuditAction, 'rotated'>;

const triggerFields = (item: TriggerItem) => ({
  name: item.name,
  type: item.type,
  workflows: item.workflows.map((w) => ({ id: w.id, type: w.type })),
  is_external: item.isExternal,
  is_throttling_enabled: item.isThrottlingEnabled,
  throttle_duration_in_seconds: item.throttleDurationInSeconds,
});

/** A trigger added, edited or removed, and what that did to its webhook secret (made, rotated, removed with it). */
export function triggerChanges(action: Action, before: TriggerItem | null, after: TriggerItem | null, secret: AuditAction | null): AuditChange[] {
  const item = (after ?? before)!;
  const target = { id: item.triggerId, name: item.name };
  return [
    { kind: 'trigger', action, target, before: before && triggerFields(before), after: after && triggerFields(after) },
    ...(secret ? [{ kind: 'trigger_secret', action: secret, target, secrets: ['secret'] } as const] : []),
  ];
}

/** A webhook secret rotated: named only. */
export const secretRotated = (item: TriggerItem): AuditChange => ({ kind: 'trigger_secret', action: 'rotated', target: { id: item.triggerId, name: item.name }, secrets: ['secret'] });

const groupFields = (item: TriggerGroupItem) => ({ name: item.name, description: item.description, type: item.type, trigger_ids: [...item.triggerIds] });

/** A trigger group added, edited or removed (kind `trigger`: it is the triggers' menu). */
export function triggerGroupChange(action: Action, before: TriggerGroupItem | null, after: TriggerGroupItem | null): AuditChange {
  const item = (after ?? before)!;
  return { kind: 'trigger', action, target: { id: item.triggerGroupId, name: item.name }, before: before && groupFields(before), after: after && groupFields(after) };
}
