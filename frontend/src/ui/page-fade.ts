/** Route segments of overlay editors and viewers (spec 000 §2). */
export const FADING_SEGMENTS = ['create', 'edit', 'send', 'copy', 'inspect'] as const;

export const DEVELOPER_MODE_PARAM = 'developer-mode';

/** A segment that is one of those words, alone or as the start of a compound (edit-recurring, send-from-draft). */
const FADING_ROUTE = new RegExp(`/(${FADING_SEGMENTS.join('|')})(?=$|[/-])`);

/**
 * Spec 000 §2: the page fades while the route *contains* /create, /edit, /send, /copy or /inspect
 * (so /edit-recurring/… and /send-from-draft fade too, /editors does not), or developer mode is in the query.
 */
export function isPageFaded(pathname: string, search: string): boolean {
  if (FADING_ROUTE.test(pathname)) return true;
  return new URLSearchParams(search).get(DEVELOPER_MODE_PARAM) === 'true';
}
