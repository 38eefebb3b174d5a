/**
 * Cognito's own errors (NotAuthorizedException, UserNotFoundException, ...) carry the server's
 * message, which the form shows as is (spec 001 §8). Anything else (network, an unfinished
 * challenge) gets the generic 'Failed to authenticate', so undefined is returned here.
 */
export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.name.endsWith('Exception')) return undefined;
  return error.message.trim() || undefined;
}

/** A message another page put into history state for the sign-in page (spec 001 §8). */
export function historyMessageOf(state: unknown): string | undefined {
  if (!state || typeof state !== 'object' || !('message' in state)) return undefined;
  return typeof state.message === 'string' && state.message ? state.message : undefined;
}
