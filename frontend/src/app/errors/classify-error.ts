import { ApiError } from '../../lib/api-url.ts';

/** Which application error screen an error gets (spec 001 §2, §8; spec 000 §8). */
export type AppErrorKind = 'new-version' | 'token' | 'no-access' | 'sign-out' | 'generic' | 'unknown';

/** Browsers word a failed dynamic import differently; Vite adds its CSS preload failure. */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_LOAD_FAILURE.test(error.message);
}

export function classifyError(error: unknown): AppErrorKind {
  if (isChunkLoadError(error)) return 'new-version';
  if (error instanceof Error && error.name === 'TokenParseError') return 'token';
  // The server refuses this role or feature: the no-access page (spec 000 §2), not an error.
  if (error instanceof ApiError && error.status === 403) return 'no-access';
  // The session no longer fits: signing in again is the way out.
  if (error instanceof ApiError && error.status === 401) return 'sign-out';
  if (error instanceof Error) return 'generic';
  // The router's own error responses (e.g. a 404 of a route loader) carry a status.
  if (error && typeof error === 'object' && typeof (error as { status?: unknown }).status === 'number') return 'generic';
  return 'unknown';
}
