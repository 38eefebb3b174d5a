import type { Resolver } from './resolve.ts';
import { resourcesOf, type CfnTemplate } from './template.ts';

/** `{{resolve:secretsmanager:<id>:SecretString:::}}`: the only dynamic reference the portal uses (CloudFront's origin secret). */
const SECRET_REFERENCE = /\{\{resolve:secretsmanager:(.+?):SecretString:([^:}]*):([^:}]*):([^:}]*)\}\}/g;

/**
 * The headers CloudFront adds to every request it forwards to the API: the `OriginCustomHeaders` of
 * the distribution's origin for `/api/*`, resolved as CloudFormation resolves them at deploy
 * (a Secrets Manager dynamic reference reads the secret's current value). A reference or a header
 * the harness cannot resolve fails the start, as everything else the template names.
 */
export function apiOriginHeaders(template: CfnTemplate, resolver: Resolver, secretValue: (id: string, stage?: string) => string | undefined): Record<string, string> {
  const distributions = resourcesOf(template, 'AWS::CloudFront::Distribution');
  if (distributions.length !== 1) throw new Error(`The template has ${distributions.length} distributions; the harness stands in for one`);
  const [id, { Properties: p }] = distributions[0]!;
  const at = `Resources.${id}.Properties.DistributionConfig`;
  const behaviours = (p.DistributionConfig?.CacheBehaviors ?? []) as Array<{ PathPattern: string; TargetOriginId: string }>;
  const api = behaviours.find((b) => b.PathPattern === '/api/*');
  if (!api) throw new Error(`${at}: no /api/* behaviour`);
  const origins = (p.DistributionConfig?.Origins ?? []) as Array<{ Id: string; OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }> }>;
  const index = origins.findIndex((o) => o.Id === api.TargetOriginId);
  if (index === -1) throw new Error(`${at}: the /api/* behaviour's origin ${api.TargetOriginId} is not among the origins`);
  const headers: Record<string, string> = {};
  for (const [i, header] of (origins[index]!.OriginCustomHeaders ?? []).entries()) {
    const path = `${at}.Origins.${index}.OriginCustomHeaders.${i}`;
    const value = String(resolver.resolve(header.HeaderValue, `${path}.HeaderValue`)).replace(SECRET_REFERENCE, (whole, secretId: string, jsonKey: string, stage: string, version: string) => {
      if (jsonKey || version) throw new Error(`${path}: ${whole} (a JSON key or version) is not emulated`);
      const found = secretValue(secretId, stage || 'AWSCURRENT');
      if (found === undefined) throw new Error(`${path}: no secret ${secretId} in the emulated account`);
      return found;
    });
    if (value.includes('{{resolve:')) throw new Error(`${path}: a dynamic reference that is not emulated: ${value}`);
    headers[header.HeaderName.toLowerCase()] = value;
  }
  return headers;
}
