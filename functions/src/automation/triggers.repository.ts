import { Service } from 'electrodb';
import type { TriggerType, WorkflowItem } from '@portal/shared/automation/automation.schema';
import { entityConfig } from '../platform/db/client.ts';
import { lazy } from '../platform/db/lazy.ts';
import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { committed, rejectedAt } from '../platform/db/transaction.ts';
import { TriggerEntity, type TriggerItem } from './trigger.entity.ts';
import { WebhookSecretEntity } from './webhook-secret.entity.ts';

/** A trigger row and its webhook secret row change together (docs/data-model.md §3.9, AP73). */
const triggers = lazy(() => new Service({ trigger: TriggerEntity, secret: WebhookSecretEntity }, entityConfig()));

export interface TriggerFields {
  name: string;
  type: TriggerType;
  workflows: WorkflowItem[];
  isExternal: boolean;
  isThrottlingEnabled: boolean;
  throttleDurationInSeconds: number;
}

/** A new secret as stored: sealed for its row (webhook-secret.ts sealSecret), its hint and when it was made. */
export interface SecretWrite {
  ciphertext: string;
  /** The secret's last four characters, shown on the trigger. */
  hint: string;
  createdAt: string;
}

const hintOf = (write: SecretWrite) => ({ secretHint: write.hint, secretCreatedAt: write.createdAt });
const secretRowOf = (orgId: string, triggerId: string, write: SecretWrite) => ({ orgId, triggerId, ciphertext: write.ciphertext, createdAt: write.createdAt });

// AP72: every trigger of the organisation (at most TRIGGERS_PER_ORG_MAX).
export async function listTriggerRows(orgId: string): Promise<TriggerItem[]> {
  return (await TriggerEntity.query.byOrg({ orgId }).go({ pages: 'all' })).data;
}

/** AP72 for names only (the lists of items a trigger made, the organisation's cap). */
export async function listTriggerNames(orgId: string): Promise<Array<{ triggerId: string; name: string }>> {
  return (await TriggerEntity.query.byOrg({ orgId }).go({ pages: 'all', attributes: ['triggerId', 'name'] })).data;
}

export async function getTriggerRow(orgId: string, triggerId: string): Promise<TriggerItem | null> {
  return (await TriggerEntity.get({ orgId, triggerId }).go()).data;
}

/** AP73: the trigger, and its secret row when it is external, in one transaction. */
export async function insertTrigger(orgId: string, triggerId: string, fields: TriggerFields, secret: SecretWrite | null, createdBy: string, now: Date): Promise<TriggerItem> {
  const at = now.toISOString();
  const item: TriggerItem = { orgId, triggerId, ...fields, ...(secret ? hintOf(secret) : {}), createdBy, createdTime: at, updatedTime: at };
  committed(
    await triggers.transaction
      .write(({ trigger, secret: secretRow }) => [
        trigger.create(item).commit(),
        ...(secret ? [secretRow.put(secretRowOf(orgId, triggerId, secret)).commit()] : []),
      ])
      .go(),
  );
  return item;
}

/**
 * AP73: the trigger's fields, and its secret row as the edit makes it: a new one (it became
 * external), gone (it stopped being external) or untouched. False when the trigger is gone.
 */
export async function updateTrigger(orgId: string, triggerId: string, fields: TriggerFields, secret: SecretWrite | 'delete' | null, now: Date): Promise<boolean> {
  const set = { ...fields, updatedTime: now.toISOString(), ...(secret && secret !== 'delete' ? hintOf(secret) : {}) };
  const result = await triggers.transaction
    .write(({ trigger, secret: secretRow }) => [
      secret === 'delete' ? trigger.patch({ orgId, triggerId }).set(set).remove(['secretHint', 'secretCreatedAt']).commit() : trigger.patch({ orgId, triggerId }).set(set).commit(),
      ...(secret === 'delete'
        ? [secretRow.delete({ orgId, triggerId }).commit()]
        : secret
          ? [secretRow.put(secretRowOf(orgId, triggerId, secret)).commit()]
          : []),
    ])
    .go();
  if (rejectedAt(result, 0)) return false;
  committed(result);
  return true;
}

/** AP73: the trigger and its secret row. False when the trigger is gone. */
export async function deleteTrigger(orgId: string, triggerId: string): Promise<boolean> {
  const result = await triggers.transaction
    .write(({ trigger, secret }) => [trigger.remove({ orgId, triggerId }).commit(), secret.delete({ orgId, triggerId }).commit()])
    .go();
  if (rejectedAt(result, 0)) return false;
  committed(result);
  return true;
}

/** The secret rotated: the row replaced, only while the trigger is external. False when it is not (or gone). */
export async function replaceSecret(orgId: string, triggerId: string, secret: SecretWrite, now: Date): Promise<boolean> {
  const result = await triggers.transaction
    .write(({ trigger, secret: secretRow }) => [
      trigger
        .patch({ orgId, triggerId })
        .set({ ...hintOf(secret), updatedTime: now.toISOString() })
        .where((attr, op) => op.eq(attr.isExternal, true))
        .commit(),
      secretRow.put(secretRowOf(orgId, triggerId, secret)).commit(),
    ])
    .go();
  if (rejectedAt(result, 0)) return false;
  committed(result);
  return true;
}

/** The secret's row as stored: sealed, or (written before decision 0057) in plain text. */
export type StoredSecret = { ciphertext: string } | { plaintext: string };

/** The webhook's check reads the secret as last written (a rotation takes effect at once). */
export async function readSecret(orgId: string, triggerId: string): Promise<StoredSecret | null> {
  const row = (await WebhookSecretEntity.get({ orgId, triggerId }).go({ consistent: true, attributes: ['ciphertext', 'secret'] })).data;
  if (row?.ciphertext) return { ciphertext: row.ciphertext };
  if (row?.secret) return { plaintext: row.secret };
  return null;
}

/**
 * A plain row (before decision 0057) sealed in place: the ciphertext set and the plain text removed,
 * only while the row still holds that plain text (a rotation meanwhile wrote a new row). False when
 * the condition refused it.
 */
export async function sealPlainSecret(orgId: string, triggerId: string, plaintext: string, ciphertext: string): Promise<boolean> {
  return conditionalWrite(() =>
    WebhookSecretEntity.patch({ orgId, triggerId })
      .set({ ciphertext })
      .remove(['secret'])
      .where((attr, op) => op.eq(attr.secret, plaintext))
      .go(),
  );
}
