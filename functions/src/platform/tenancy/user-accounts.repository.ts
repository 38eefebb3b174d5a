import { TransactionCanceledError } from '../db/transaction.ts';
import { UserAccountEntity } from './user-account.entity.ts';

export interface AccountInput {
  userId: string;
  email: string;
  firstname?: string;
  lastname?: string;
}

export async function getAccount(userId: string) {
  const { data } = await UserAccountEntity.get({ userId }).go();
  return data;
}

/** Creates the account row of a sign-in identity unless it exists (a user joining a second organisation keeps theirs). */
export async function ensureAccount(input: AccountInput): Promise<void> {
  try {
    await UserAccountEntity.create(input).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The sign-in email on the account row after an email change (no row: nothing to update, `/api/me` falls back to the token). */
export async function setAccountEmail(userId: string, email: string): Promise<void> {
  try {
    await UserAccountEntity.patch({ userId }).set({ email }).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function setPendingMigration(userId: string, pending: boolean): Promise<void> {
  await UserAccountEntity.patch({ userId }).set({ isPendingEntraIdMigration: pending }).go();
}

/** ElectroDB wraps DynamoDB's ConditionalCheckFailedException (its cause carries the name); a cancelled transaction says why per item. */
export function isConditionFailure(error: unknown): boolean {
  if (error instanceof TransactionCanceledError) return error.conditionFailed;
  const e = error as { name?: string; cause?: { name?: string }; message?: string };
  return (
    e?.name === 'ConditionalCheckFailedException' ||
    e?.cause?.name === 'ConditionalCheckFailedException' ||
    /conditional request failed/i.test(e?.message ?? '')
  );
}
