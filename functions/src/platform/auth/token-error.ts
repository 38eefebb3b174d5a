/**
 * Why `verifyIdToken` (verify-token.ts) did not verify a token, with the code the jose library gave
 * the same case (the functions verified with jose before; docs/performance.md, "Lambda bundles"),
 * so a reason reads as before.
 * Its own file, free of the verifier, so a test that replaces the verifier can still throw it.
 */
export type TokenErrorCode =
  | 'ERR_JWS_INVALID'
  | 'ERR_JWT_INVALID'
  | 'ERR_JOSE_NOT_SUPPORTED'
  | 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'
  | 'ERR_JWT_CLAIM_VALIDATION_FAILED'
  | 'ERR_JWT_EXPIRED'
  | 'ERR_JWKS_NO_MATCHING_KEY'
  | 'ERR_JWKS_MULTIPLE_MATCHING_KEYS'
  | 'ERR_JWKS_INVALID'
  | 'ERR_JWKS_TIMEOUT'
  | 'ERR_JOSE_GENERIC';

export class TokenError extends Error {
  constructor(
    readonly code: TokenErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'TokenError';
  }
}

/**
 * The token is refused (malformed, forged, expired, another pool or client): every TokenError but
 * the key set's own failures, a timeout or a malformed set, which are an outage, not a bad token.
 */
export const isTokenRefusal = (error: unknown): error is TokenError =>
  error instanceof TokenError && error.code !== 'ERR_JWKS_TIMEOUT' && error.code !== 'ERR_JWKS_INVALID';
