import {
  AUTOMATION_MESSAGES,
  TRIGGERS_PER_ORG_MAX,
  type ListDto,
  type TriggerDto,
  type TriggerInput,
  type TriggerNameDto,
  type TriggerWithSecretDto,
} from '@portal/shared/automation/automation.schema';
import { recordChange, type AuditActor } from '../audit/public.ts';
import { newId } from '../platform/db/ids.ts';
import { ConflictError, NotFoundError } from '../platform/errors/domain-errors.ts';
import { throttleDefaults } from './automation-settings.entity.ts';
import { triggerMenusChanged } from './automation-signals.ts';
import { secretRotated, triggerChanges } from './trigger-changes.ts';
import { dropTriggerFromGroups } from './trigger-groups.service.ts';
import type { TriggerItem } from './trigger.entity.ts';
import * as repo from './triggers.repository.ts';
import { newWebhookSecret, openSecret, sealSecret, webhookPath } from './webhook-secret.ts';
import { assertWorkflowTemplates } from './workflow-check.ts';

export { automationSettings } from './automation-settings.service.ts';
export { requireTriggerGroup, triggerMenuOf } from './trigger-groups.service.ts';

const notFound = () => new NotFoundError(AUTOMATION_MESSAGES.triggerNotFound);

function toDto(item: TriggerItem): TriggerDto {
  return {
    id: item.triggerId,
    name: item.name,
    type: item.type,
    workflows: item.workflows.map((w) => ({ id: w.id, type: w.type })),
    metadata: { is_external: item.isExternal },
    is_throttling_enabled: item.isThrottlingEnabled,
    throttle_duration_in_seconds: item.throttleDurationInSeconds,
    webhook:
      item.isExternal && item.secretHint && item.secretCreatedAt
        ? { path: webhookPath(item.orgId, item.triggerId), secret_hint: item.secretHint, secret_created_at: item.secretCreatedAt }
        : null,
    created_by: item.createdBy,
    created_time: item.createdTime,
    updated_time: item.updatedTime,
  };
}

const withSecret = (item: TriggerItem, secret: string | null): TriggerWithSecretDto => ({ ...toDto(item), secret });

/** The stored fields of a body; the throttle left out is `fallback`'s (the defaults for a new trigger, the stored throttle for an edit). */
function fieldsOf(input: TriggerInput, fallback: { enabled: boolean; seconds: number }): repo.TriggerFields {
  return {
    name: input.name,
    type: input.type,
    workflows: input.workflows.map((w) => ({ id: w.id, type: w.type })),
    isExternal: input.metadata.is_external,
    isThrottlingEnabled: input.is_throttling_enabled ?? fallback.enabled,
    throttleDurationInSeconds: input.throttle_duration_in_seconds ?? fallback.seconds,
  };
}

/** AP72: the organisation's triggers by name. */
export async function listTriggers(orgId: string): Promise<ListDto<TriggerDto>> {
  const items = await repo.listTriggerRows(orgId);
  return { items: items.map(toDto).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)) };
}

/** Names only, for the lists that show which trigger made an item (`meta.trigger_id`); senders may read them. */
export async function listTriggerNames(orgId: string): Promise<ListDto<TriggerNameDto>> {
  const items = await repo.listTriggerNames(orgId);
  return { items: items.map((t) => ({ id: t.triggerId, name: t.name })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)) };
}

/** The trigger, or 404 `triggerNotFound`. */
export async function requireTrigger(orgId: string, triggerId: string): Promise<TriggerDto> {
  const item = await repo.getTriggerRow(orgId, triggerId);
  if (!item) throw notFound();
  return toDto(item);
}

/**
 * The trigger's webhook secret as last written, null while it is not external (or gone), opened
 * from its row (decision 0057). For the webhook routes only.
 */
export async function triggerSecret(orgId: string, triggerId: string): Promise<string | null> {
  const stored = await repo.readSecret(orgId, triggerId);
  return stored ? openSecret(orgId, triggerId, stored) : null;
}

/**
 * A new trigger (spec 001 §3, §9): its workflow's templates must be the organisation's, the throttle
 * left out of the body is the organisation's default (`/settings/automation`), and an external one
 * gets its webhook secret, answered this once.
 */
export async function createTrigger(orgId: string, actor: AuditActor, input: TriggerInput, now = new Date()): Promise<TriggerWithSecretDto> {
  await assertWorkflowTemplates(orgId, input.workflows);
  const [defaults, existing] = await Promise.all([throttleDefaults.read(orgId), repo.listTriggerNames(orgId)]);
  if (existing.length >= TRIGGERS_PER_ORG_MAX) throw new ConflictError(AUTOMATION_MESSAGES.triggersLimit);
  const fields = fieldsOf(input, { enabled: defaults.throttle_enabled, seconds: defaults.throttle_threshold });
  const triggerId = newId(now.getTime());
  const secret = fields.isExternal ? newWebhookSecret() : null;
  const item = await repo.insertTrigger(orgId, triggerId, fields, secret ? await sealSecret(orgId, triggerId, secret, now.toISOString()) : null, actor.userId, now);
  await recordChange(orgId, actor, ...triggerChanges('created', null, item, secret ? 'created' : null));
  return withSecret(item, secret);
}

/**
 * An edit replaces the trigger's fields; a throttle left out stays as stored. Made external, it gets
 * a new secret (answered this once); no longer external, its secret is deleted, so its webhook
 * stops at once. Staying external keeps the secret.
 */
export async function updateTrigger(orgId: string, triggerId: string, input: TriggerInput, actor: AuditActor, now = new Date()): Promise<TriggerWithSecretDto> {
  const before = await repo.getTriggerRow(orgId, triggerId);
  if (!before) throw notFound();
  await assertWorkflowTemplates(orgId, input.workflows);
  const fields = fieldsOf(input, { enabled: before.isThrottlingEnabled, seconds: before.throttleDurationInSeconds });
  const secret = fields.isExternal && !before.isExternal ? newWebhookSecret() : null;
  const secretChange = secret ? await sealSecret(orgId, triggerId, secret, now.toISOString()) : !fields.isExternal && before.isExternal ? 'delete' : null;
  if (!(await repo.updateTrigger(orgId, triggerId, fields, secretChange, now))) throw notFound();
  const after = await repo.getTriggerRow(orgId, triggerId);
  if (!after) throw notFound();
  await recordChange(orgId, actor, ...triggerChanges('updated', before, after, secret ? 'created' : secretChange === 'delete' ? 'deleted' : null));
  // Devices' trigger menus show its name (docs/device-protocol.md §5).
  if (after.name !== before.name) await triggerMenusChanged.emit({ orgId });
  return withSecret(after, secret);
}

/** Deletes the trigger and its secret, then takes it out of every trigger group that lists it (decision 0039). */
export async function deleteTrigger(orgId: string, triggerId: string, actor: AuditActor, now = new Date()): Promise<void> {
  const before = await repo.getTriggerRow(orgId, triggerId);
  if (!before || !(await repo.deleteTrigger(orgId, triggerId))) throw notFound();
  await recordChange(orgId, actor, ...triggerChanges('deleted', before, null, before.isExternal ? 'deleted' : null));
  await dropTriggerFromGroups(orgId, triggerId, now);
  await triggerMenusChanged.emit({ orgId });
}

/** A new secret for an external trigger (the old one stops at once), answered this once; 409 `notExternal` otherwise. */
export async function rotateTriggerSecret(orgId: string, triggerId: string, actor: AuditActor, now = new Date()): Promise<TriggerWithSecretDto> {
  const secret = newWebhookSecret();
  if (!(await repo.replaceSecret(orgId, triggerId, await sealSecret(orgId, triggerId, secret, now.toISOString()), now))) {
    if (!(await repo.getTriggerRow(orgId, triggerId))) throw notFound();
    throw new ConflictError(AUTOMATION_MESSAGES.notExternal);
  }
  const item = await repo.getTriggerRow(orgId, triggerId);
  if (!item) throw notFound();
  await recordChange(orgId, actor, secretRotated(item));
  return withSecret(item, secret);
}
