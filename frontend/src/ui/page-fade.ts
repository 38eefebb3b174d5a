/** Route segments of overlay editors and viewers (spec 000 §2). */
export const FADING_SEGMENTS = ['create', 'edit', 'send', 'copy', 'inspect'] as const;

export const DEVELOPER_MODE_PARAM = 'developer-mode';

/** Spec 000 §2: the page fades while an overlay route is open or developer mode is in the query. */
export function isPageFaded(pathname: string, search: string): boolean {
  const segments = pathname.split('/');
  if (FADING_SEGMENTS.some((segment) => segments.includes(segment))) return true;
  return new URLSearchParams(search).get(DEVELOPER_MODE_PARAM) === 'true';
}
