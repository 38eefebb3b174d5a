import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_TOKEN_INVALID } from '@portal/shared/api/paging';
import { InvalidInputError } from '../errors/domain-errors.ts';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** The one page-size rule: the `limit` asked for, at most MAX_PAGE_SIZE; none, zero or nonsense is the default. */
export function pageSize(limit: string | number | undefined): number {
  const n = Number(limit ?? DEFAULT_PAGE_SIZE);
  return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
}

const invalidPageToken = () => new InvalidInputError(PAGE_TOKEN_INVALID);

/**
 * The page-token codec. A token is an ElectroDB cursor: base64url JSON of the last key read. A
 * query that stops before DynamoDB does (a filled page mid-read) hands out the key of the last item
 * it returns through `pageTokenOf`.
 */
export const pageTokenOf = (key: Record<string, string>): string => Buffer.from(JSON.stringify(key)).toString('base64url');

/**
 * A client's token, accepted only when its partition key (`pk`, or `gsi1pk` for an index query) is
 * the one being queried, so a token can never lead into another tenant's rows or another list.
 */
export function checkedPageToken(token: string | undefined, field: 'pk' | 'gsi1pk', expected: string): string | undefined {
  if (!token) return undefined;
  try {
    const key = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown> | null;
    if (key?.[field] === expected) return token;
  } catch {
    // falls through to the 400
  }
  throw invalidPageToken();
}

/**
 * Runs a paged query with a client's token. A token that is not one of ours, or that points outside
 * the queried partition, is refused as 400 instead of surfacing DynamoDB's ValidationException as a
 * 500. The key condition always fixes the organisation, so a foreign token can never read another
 * tenant's rows.
 */
export async function withPageToken<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const e = error as { message?: string; cause?: { name?: string } };
    if (e?.cause?.name === 'ValidationException' || /cursor|starting key|ExclusiveStartKey/i.test(e?.message ?? '')) throw invalidPageToken();
    throw error;
  }
}
