/**
 * Limits on what a request may carry, checked before any schema runs (docs/security.md, "Limits on
 * input"). They sit well below API Gateway's and DynamoDB's own ceilings (10 MB payloads, 400 KB
 * items, 2 KB keys), so a request that passes them can never hit one of those as a 500.
 */
/** Above the largest real body: a 300 KB tablet design file plus its name. */
export const MAX_BODY_BYTES = 384 * 1024;
/** Routes that take their body unparsed (`rawBody`: the webhooks) read it only for its size and signature. */
export const MAX_RAW_BODY_BYTES = 64 * 1024;
/** Objects and arrays nested deeper than this are refused; API bodies go 6 levels deep, design files a few more. */
export const MAX_BODY_DEPTH = 16;
/** Values (strings, numbers, objects) in one body; the largest real one is a design file. */
export const MAX_BODY_NODES = 50_000;
export const MAX_QUERY_KEYS = 20;
export const MAX_QUERY_VALUE_LENGTH = 2_048;
export const MAX_PATH_PARAM_LENGTH = 128;

/** Stable codes for input errors; the frontend translates by code (the message is English). */
export const INPUT_ERROR = {
  tooLarge: { code: 'body_too_large', message: 'The request body is too large' },
  notJson: { code: 'body_not_json', message: 'The request body is not valid JSON' },
  tooDeep: { code: 'body_too_deep', message: 'The request body is nested too deeply' },
  tooMany: { code: 'body_too_many_values', message: 'The request body has too many values' },
  forbiddenKey: { code: 'forbidden_key', message: 'The request contains a key that is not allowed' },
  noBody: { code: 'body_not_expected', message: 'This request takes no body' },
  badQuery: { code: 'invalid_query', message: 'The query string is not valid' },
  badPath: { code: 'invalid_path', message: 'The address is not valid' },
  invalid: { code: 'invalid_input', message: 'Invalid input' },
} as const;
