/**
 * The API answers only requests that came through CloudFront (decision 0058): CloudFront adds this
 * header to every request it forwards to the API origin, with a value from a Secrets Manager secret
 * generated at deploy, and the HTTP preset refuses a request without it (403). CDK names the secret
 * to each API function in `secretArnVariable`; where it is unset (the local runtime, tests) the
 * check is off. Lower-case: API Gateway hands header names on in lower case.
 */
export const ORIGIN_SECRET = {
  header: 'x-origin-verify',
  secretArnVariable: 'ORIGIN_SECRET_ARN',
  /** How long a function keeps the values it read; a rotated secret reaches warm functions within it. */
  refreshSeconds: 300,
} as const;
