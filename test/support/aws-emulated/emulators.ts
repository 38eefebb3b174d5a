/**
 * A port nothing listens on (the discard port on loopback): the endpoint of a service no emulator
 * stands in for yet (S3), so a function's call fails at once, in its log, instead of reaching AWS.
 */
export const CLOSED_ENDPOINT = 'http://127.0.0.1:9';
