import { Duration } from 'aws-cdk-lib';
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  type ResponseCustomHeader,
  type ResponseHeadersPolicyProps,
  type ResponseSecurityHeadersBehavior,
} from 'aws-cdk-lib/aws-cloudfront';
import { SECURITY_HEADERS, contentSecurityPolicy } from '@portal/shared/api/security-headers';

/**
 * CloudFront's response headers policy from the one shared list (shared/src/api/security-headers.ts),
 * which the local portal server sends too. CloudFront takes the headers it knows (CSP,
 * X-Content-Type-Options, X-Frame-Options, Referrer-Policy, HSTS) as typed settings and refuses them
 * as custom headers; every other entry of the list becomes a custom header. All override what the
 * origin sends.
 */
export function securityHeadersPolicy(options: { connectSrc: readonly string[] }): Pick<ResponseHeadersPolicyProps, 'securityHeadersBehavior' | 'customHeadersBehavior'> {
  const security: { -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K] } = {
    contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy({ connectSrc: options.connectSrc }), override: true },
  };
  const customHeaders: ResponseCustomHeader[] = [];

  for (const [name, value] of Object.entries(SECURITY_HEADERS) as Array<[string, string]>) {
    switch (name.toLowerCase()) {
      case 'content-security-policy':
        // Built above with this deployment's connect sources.
        break;
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error(`CloudFront sends X-Content-Type-Options: nosniff only; the shared list says '${value}'`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options':
        security.frameOptions = { frameOption: oneOf(Object.values(HeadersFrameOption), value, name), override: true };
        break;
      case 'referrer-policy':
        security.referrerPolicy = { referrerPolicy: oneOf(Object.values(HeadersReferrerPolicy), value, name), override: true };
        break;
      case 'strict-transport-security':
        security.strictTransportSecurity = { ...parseHsts(value), override: true };
        break;
      case 'x-xss-protection':
        throw new Error('X-XSS-Protection would need its typed CloudFront setting; add it here before adding it to the shared list');
      default:
        customHeaders.push({ header: name, value, override: true });
    }
  }
  return { securityHeadersBehavior: security, ...(customHeaders.length ? { customHeadersBehavior: { customHeaders } } : {}) };
}

function oneOf<T extends string>(allowed: readonly T[], value: string, header: string): T {
  const found = allowed.find((candidate) => candidate === value);
  if (!found) throw new Error(`CloudFront cannot send ${header}: ${value} (allowed: ${allowed.join(', ')})`);
  return found;
}

/** 'max-age=63072000; includeSubDomains; preload' -> CloudFront's HSTS settings. */
export function parseHsts(value: string): { accessControlMaxAge: Duration; includeSubdomains: boolean; preload: boolean } {
  const parts = value.split(';').map((part) => part.trim().toLowerCase()).filter(Boolean);
  const maxAge = parts.map((part) => /^max-age=(\d+)$/.exec(part)?.[1]).find((seconds) => seconds !== undefined);
  if (maxAge === undefined) throw new Error(`Strict-Transport-Security without max-age: '${value}'`);
  const unknown = parts.filter((part) => !part.startsWith('max-age=') && part !== 'includesubdomains' && part !== 'preload');
  if (unknown.length) throw new Error(`Strict-Transport-Security directives CloudFront cannot send: ${unknown.join(', ')}`);
  return { accessControlMaxAge: Duration.seconds(Number(maxAge)), includeSubdomains: parts.includes('includesubdomains'), preload: parts.includes('preload') };
}
