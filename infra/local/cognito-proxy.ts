import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { securityEvent as logSecurityEvent } from '../../functions/src/platform/security/security-events.ts';
import { readBody, refuseTooLarge } from './http-body.ts';

/**
 * The Cognito calls the SPA makes (Amplify Auth as frontend/src/lib/auth.ts uses it): sign-in with
 * the password flow (InitiateAuth), token refresh (GetTokensFromRefreshToken in Amplify v6) and
 * sign-out (RevokeToken). cognito-local answers every other call of the Cognito API too, its whole
 * admin API among them, without any credentials; none of that is reachable through the portal.
 */
export const BROWSER_COGNITO_TARGETS: readonly string[] = ['InitiateAuth', 'GetTokensFromRefreshToken', 'RevokeToken'];
/** InitiateAuth flows the SPA uses: the password flow (cognito-local has no SRP) and refresh. */
export const BROWSER_AUTH_FLOWS: readonly string[] = ['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN'];
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** Cognito requests are a few kilobytes at most (tokens, a password). */
const MAX_COGNITO_BODY_BYTES = 64 * 1024;
/**
 * Answers to a failed sign-in: Cognito's for a wrong password or an unknown user, and
 * cognito-local's own for a wrong password (it says InvalidPasswordException where Cognito says
 * NotAuthorizedException).
 */
const SIGN_IN_FAILURES = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);

export const REFUSED_MESSAGE = 'This identity call is not available through the portal';

/** The operation an `X-Amz-Target` header names, when it is one the browser may make. */
export function browserTarget(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string' || !header.startsWith(TARGET_PREFIX)) return undefined;
  const operation = header.slice(TARGET_PREFIX.length);
  return BROWSER_COGNITO_TARGETS.includes(operation) ? operation : undefined;
}

/**
 * How a sign-in failure names the account in the log: the first 12 hex digits of the SHA-256 of
 * the trimmed, lower-cased email. Repeated failures against one account show as one value and an
 * operator can check whether a given address was targeted, but the log lists no email addresses
 * (personal data). Never the password.
 */
export function accountDigest(username: string): string {
  return createHash('sha256').update(username.trim().toLowerCase()).digest('hex').slice(0, 12);
}

export interface CognitoProxyOptions {
  /** cognito-local's loopback endpoint. */
  endpoint: string;
  /** Defaults to the functions' security event logger. */
  securityEvent?: typeof logSecurityEvent;
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message }));
}

/**
 * `/cognito/` on the portal's origin: what a signing-in browser needs of cognito-local and nothing
 * more (decision 0012). Only `POST /cognito/` with an allowed `X-Amz-Target` passes, with only the
 * headers Cognito's JSON protocol needs; anything else is a 403 with a JSON message. The answer
 * goes back without cognito-local's `Access-Control-Allow-Origin: *` (same origin needs no CORS).
 * A sign-in cognito-local refuses is logged as the security event `sign_in_failed`.
 */
export function createCognitoProxy(options: CognitoProxyOptions) {
  const securityEvent = options.securityEvent ?? logSecurityEvent;

  return async function proxyCognito(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const operation = browserTarget(req.headers['x-amz-target']);
    if (req.method !== 'POST' || !/^\/cognito\/?$/.test(url.pathname) || !operation) return refuse(res, 403, REFUSED_MESSAGE);
    const body = await readBody(req, MAX_COGNITO_BODY_BYTES);
    if (!body) return refuseTooLarge(req, res);

    let authFlow: string | undefined;
    let username: string | undefined;
    if (operation === 'InitiateAuth') {
      try {
        const parsed = JSON.parse(body.toString('utf8')) as { AuthFlow?: unknown; AuthParameters?: { USERNAME?: unknown } };
        authFlow = typeof parsed.AuthFlow === 'string' ? parsed.AuthFlow : undefined;
        username = typeof parsed.AuthParameters?.USERNAME === 'string' ? parsed.AuthParameters.USERNAME : undefined;
      } catch {
        return refuse(res, 400, 'The request body is not valid JSON');
      }
      if (!authFlow || !BROWSER_AUTH_FLOWS.includes(authFlow)) return refuse(res, 403, REFUSED_MESSAGE);
    }

    let forwarded = { target: `${TARGET_PREFIX}${operation}`, body };
    if (operation === 'GetTokensFromRefreshToken') {
      const refresh = asRefreshTokenAuth(body);
      if (!refresh) return refuse(res, 400, 'The request body is not valid JSON');
      forwarded = { target: `${TARGET_PREFIX}InitiateAuth`, body: refresh };
    }

    let answer: Answer;
    try {
      answer = await forward(options.endpoint, req, forwarded.target, forwarded.body);
    } catch (error) {
      return refuse(res, 502, `Identity service unavailable: ${(error as Error).message}`);
    }
    if (operation === 'InitiateAuth' && answer.status === 400) {
      const type = errorType(answer.body);
      if (type && SIGN_IN_FAILURES.has(type)) {
        securityEvent('sign_in_failed', {
          actor: 'anonymous',
          ...(username ? { target: `account:${accountDigest(username)}` } : {}),
          outcome: 'failed',
          detail: `${authFlow}: ${type}`,
        });
      }
    }
    res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
  };
}

interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * Amplify v6 refreshes with GetTokensFromRefreshToken, which cognito-local does not know (it
 * answers 500, and the session ends when the ID token expires): the same refresh is its
 * InitiateAuth REFRESH_TOKEN_AUTH, whose AuthenticationResult has the same shape.
 */
function asRefreshTokenAuth(body: Buffer): Buffer | undefined {
  try {
    const { ClientId, RefreshToken } = JSON.parse(body.toString('utf8')) as { ClientId?: unknown; RefreshToken?: unknown };
    if (typeof ClientId !== 'string' || typeof RefreshToken !== 'string') return undefined;
    return Buffer.from(JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId, AuthParameters: { REFRESH_TOKEN: RefreshToken } }));
  } catch {
    return undefined;
  }
}

/** One call to cognito-local with only the headers its JSON protocol reads. */
function forward(endpoint: string, req: IncomingMessage, target: string, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      new URL('/', endpoint),
      {
        method: 'POST',
        headers: {
          'content-type': req.headers['content-type'] ?? 'application/x-amz-json-1.1',
          'x-amz-target': target,
          'content-length': body.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 502,
            contentType: response.headers['content-type'] ?? 'application/x-amz-json-1.1',
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

function errorType(body: Buffer): string | undefined {
  try {
    const type = (JSON.parse(body.toString('utf8')) as { __type?: unknown }).__type;
    return typeof type === 'string' ? type : undefined;
  } catch {
    return undefined;
  }
}
