import { conditionalWrite } from '../db/conditional-write.ts';
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
  await conditionalWrite(() => UserAccountEntity.create(input).go());
}

/** The sign-in email on the account row after an email change (no row: nothing to update, `/api/me` falls back to the token). */
export async function setAccountEmail(userId: string, email: string): Promise<void> {
  await conditionalWrite(() => UserAccountEntity.patch({ userId }).set({ email }).go());
}

export async function setPendingMigration(userId: string, pending: boolean): Promise<void> {
  await UserAccountEntity.patch({ userId }).set({ isPendingEntraIdMigration: pending }).go();
}
