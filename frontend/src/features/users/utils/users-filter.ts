import { searchKey } from '@portal/shared/text/search-key';
import type { QueryParams } from '../../../lib/api-client.ts';
import type { UserListKind } from './users-view.ts';

/** The header search lives in the query parameter `filter` (spec 001 §2). */
export const FILTER_PARAM = 'filter';
/** The API accepts search terms of at most 64 characters. */
export const FILTER_MAX_LENGTH = 64;

/** What is searched for: trimmed, inner whitespace collapsed, at most 64 characters. */
export function normaliseFilter(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, FILTER_MAX_LENGTH);
}

/** The query string with `filter` set (or removed when empty); other parameters are kept. */
export function withFilter(search: string, filter: string): string {
  const params = new URLSearchParams(search);
  const value = normaliseFilter(filter);
  if (value) params.set(FILTER_PARAM, value);
  else params.delete(FILTER_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET users: the tab's kind, the server-side search and the page token. */
export function listUsersQuery(kind: UserListKind, filter: string, nextToken?: string): QueryParams {
  const value = normaliseFilter(filter);
  return { kind, ...(value ? { filter: value } : {}), ...(nextToken ? { next_token: nextToken } : {}) };
}

/** Client-side match for the short lists (groups, access levels): any word starting with the filter. */
export function matchesFilter(texts: readonly string[], filter: string): boolean {
  const wanted = searchKey(filter);
  if (!wanted) return true;
  return texts.some((text) => {
    const key = searchKey(text);
    return key.startsWith(wanted) || key.split(' ').some((word) => word.startsWith(wanted));
  });
}
