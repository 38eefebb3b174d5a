import { createError } from '../http/errors.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export function pageSize(limit: string | undefined): number {
  const n = Number(limit ?? DEFAULT_PAGE_SIZE);
  return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
}

/**
 * Runs a paged query with a client's `next_token` (an ElectroDB cursor). A token that is not one
 * of ours, or that points outside the queried partition, is refused as 400 instead of surfacing
 * DynamoDB's ValidationException as a 500. The key condition always fixes the organisation, so a
 * foreign token can never read another tenant's rows.
 */
export async function withPageToken<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const e = error as { message?: string; cause?: { name?: string } };
    if (e?.cause?.name === 'ValidationException' || /cursor|starting key|ExclusiveStartKey/i.test(e?.message ?? '')) {
      throw createError(400, 'Invalid page token', { expose: true });
    }
    throw error;
  }
}
