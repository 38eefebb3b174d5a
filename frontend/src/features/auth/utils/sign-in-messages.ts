/**
 * Cognito's refusals, by the error's name (Amplify sets it to Cognito's exception type), each with
 * a text of its own in auth:signInErrors. The name is stable; Cognito's English message differs
 * between AWS and cognito-local ('Incorrect username or password.', 'Invalid password'), so it is
 * never shown or matched.
 */
const SIGN_IN_ERRORS = [
  'NotAuthorizedException',
  // cognito-local's answer to a wrong password (AWS answers NotAuthorizedException).
  'InvalidPasswordException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
  'LimitExceededException',
  'TooManyRequestsException',
  'TooManyFailedAttemptsException',
] as const;

export type SignInErrorName = (typeof SIGN_IN_ERRORS)[number];

/**
 * The auth:signInErrors key of a Cognito refusal (spec 001 §8: the server's message, shown in the
 * user's language). Anything else (network, an unfinished challenge, an exception we do not know)
 * gets the generic 'Failed to authenticate', so undefined is returned here.
 */
export function signInErrorKey(error: unknown): `signInErrors.${SignInErrorName}` | undefined {
  if (!(error instanceof Error)) return undefined;
  const name = SIGN_IN_ERRORS.find((known) => known === error.name);
  return name ? `signInErrors.${name}` : undefined;
}

/** Every name mapped, for the locale test. */
export const SIGN_IN_ERROR_NAMES: readonly SignInErrorName[] = SIGN_IN_ERRORS;

/** A message another page put into history state for the sign-in page (spec 001 §8). */
export function historyMessageOf(state: unknown): string | undefined {
  if (!state || typeof state !== 'object' || !('message' in state)) return undefined;
  return typeof state.message === 'string' && state.message ? state.message : undefined;
}
