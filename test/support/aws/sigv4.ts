import type { IncomingHttpHeaders } from 'node:http';

/** The parts of a SigV4 credential scope: `<AKID>/<date>/<region>/<service>/aws4_request`. */
export interface SigV4Credential {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
}

const SCOPE = /^([^/\s]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request$/;

function parseScope(scope: string | undefined): SigV4Credential | undefined {
  const match = scope?.match(SCOPE);
  return match ? { accessKeyId: match[1]!, date: match[2]!, region: match[3]!, service: match[4]! } : undefined;
}

/**
 * The credential of a request signed with SigV4, from the `Authorization` header or, for a
 * presigned URL, the `X-Amz-Credential` query parameter. The signature itself is not checked: the
 * emulators need to know who calls, not to defend against forgery.
 */
export function sigV4Credential(headers: IncomingHttpHeaders, query?: URLSearchParams): SigV4Credential | undefined {
  const authorization = headers.authorization;
  if (authorization) {
    if (!authorization.startsWith('AWS4-HMAC-SHA256 ')) return undefined;
    return parseScope(authorization.match(/Credential=([^,\s]+)/)?.[1]);
  }
  if (query?.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') return parseScope(query.get('X-Amz-Credential') ?? undefined);
  return undefined;
}
