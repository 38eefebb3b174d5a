import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { HttpMethod } from '@portal/shared/api/route-table';
import { createRouteMatcher } from '@portal/shared/api/route-path';
import { apiGatewayResponse, toApiGatewayEvent } from '../../../infra/local/api-gateway-event.ts';
import { readBody, refuseTooLarge } from '../../../infra/local/http-body.ts';
import type { HostedFunction } from './function-host.ts';
import type { Resolver } from './resolve.ts';
import { resourcesOf, type CfnTemplate } from './template.ts';

interface TemplateRoute {
  logicalId: string;
  method: HttpMethod;
  path: string;
  /** The JWT authorizer's issuer and audience, or undefined for `AuthorizationType: NONE`. */
  jwt?: { issuer: string; audience: string[] };
  target: HostedFunction;
}

export interface HttpApiOptions {
  template: CfnTemplate;
  resolver: Resolver;
  /** Hosted functions by ARN (an integration's `IntegrationUri`). */
  functionByArn: (arn: string) => HostedFunction | undefined;
  /** Where a token's issuer keeps its JWKS here: cognito-local stands in for `https://cognito-idp…`. */
  jwksUrlOf: (issuer: string) => string;
}

/**
 * The HTTP API of the template: every `AWS::ApiGatewayV2::Route` (its route key, its authorizer,
 * its integration's function), nothing from the route table. A JWT route verifies the bearer token
 * as API Gateway's JWT authorizer does (signature against the issuer's JWKS, `iss`, `exp`, `aud` or
 * `client_id` among the audiences) and answers 401 itself; the claims go into
 * `requestContext.authorizer.jwt`. Integrations are AWS_PROXY with payload 2.0 (anything else throws).
 */
export function createHttpApi({ template, resolver, functionByArn, jwksUrlOf }: HttpApiOptions) {
  const integrations = new Map(resourcesOf(template, 'AWS::ApiGatewayV2::Integration').map(([id, r]) => [id, r.Properties]));
  const authorizers = new Map(resourcesOf(template, 'AWS::ApiGatewayV2::Authorizer').map(([id, r]) => [id, r.Properties]));
  const routes: TemplateRoute[] = resourcesOf(template, 'AWS::ApiGatewayV2::Route').map(([logicalId, { Properties: p }]) => {
    const at = `Resources.${logicalId}.Properties`;
    const [method, path] = String(p.RouteKey).split(' ') as [HttpMethod, string];
    const integrationId = resolver.resolve<string>(p.Target, `${at}.Target`).replace(/^integrations\//, '');
    const integration = integrations.get(integrationId);
    if (!integration) throw new Error(`${at}.Target: no integration ${integrationId} in the template`);
    if (integration.IntegrationType !== 'AWS_PROXY' || integration.PayloadFormatVersion !== '2.0') {
      throw new Error(`${at}: integration ${integrationId} is ${integration.IntegrationType} ${integration.PayloadFormatVersion}, not AWS_PROXY 2.0`);
    }
    const arn = resolver.resolve<string>(integration.IntegrationUri, `Resources.${integrationId}.Properties.IntegrationUri`);
    const target = functionByArn(arn) ?? fail(`${at}: integration ${integrationId} targets ${arn}, which is not a hosted function`);
    let jwt: TemplateRoute['jwt'];
    if (p.AuthorizationType === 'JWT') {
      const authorizerId = resolver.resolve<string>(p.AuthorizerId, `${at}.AuthorizerId`);
      const authorizer = authorizers.get(authorizerId) ?? fail(`${at}: no authorizer ${authorizerId}`);
      const config = resolver.resolve<{ Issuer: string; Audience: string[] }>(authorizer.JwtConfiguration, `Resources.${authorizerId}.Properties.JwtConfiguration`);
      if (JSON.stringify(authorizer.IdentitySource) !== '["$request.header.Authorization"]') fail(`${authorizerId}: identity source ${authorizer.IdentitySource} is not emulated`);
      jwt = { issuer: config.Issuer, audience: config.Audience };
    } else if (p.AuthorizationType !== 'NONE') {
      fail(`${at}: authorization ${p.AuthorizationType} is not emulated`);
    }
    return { logicalId, method, path, ...(jwt ? { jwt } : {}), target };
  });
  const match = createRouteMatcher(routes);
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  const claimsOf = async (header: string | undefined, jwt: NonNullable<TemplateRoute['jwt']>): Promise<JWTPayload | undefined> => {
    const token = header?.replace(/^Bearer /i, '');
    if (!token) return undefined;
    let keySet = keySets.get(jwt.issuer);
    if (!keySet) keySets.set(jwt.issuer, (keySet = createRemoteJWKSet(new URL(jwksUrlOf(jwt.issuer)))));
    try {
      const { payload } = await jwtVerify(token, keySet, { issuer: jwt.issuer });
      const audiences = [payload.aud ?? [], (payload as { client_id?: string }).client_id ?? []].flat();
      return audiences.some((a) => jwt.audience.includes(a)) ? payload : undefined;
    } catch {
      return undefined;
    }
  };

  const json = (res: ServerResponse, status: number, body: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  /** Answers one request under the API's base path as API Gateway would. */
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const found = match(req.method ?? 'GET', url.pathname);
    if (!found) return json(res, 404, { message: 'Not Found' });
    const body = await readBody(req);
    if (!body) return refuseTooLarge(req, res);
    const event = toApiGatewayEvent(req, url, body, found.route, found.pathParameters);
    if (found.route.jwt) {
      const claims = await claimsOf(req.headers.authorization, found.route.jwt);
      if (!claims) return json(res, 401, { message: 'Unauthorized' });
      // API Gateway hands the claims on as strings.
      const stringClaims = Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, typeof v === 'string' ? v : Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]));
      Object.assign(event.requestContext, { authorizer: { jwt: { claims: stringClaims, scopes: null } } });
    }
    let result: unknown;
    try {
      result = await found.route.target.invoke(event);
    } catch {
      // A function error or time-out: API Gateway answers 500 (503 on a throttle, not emulated).
      return json(res, 500, { message: 'Internal Server Error' });
    }
    const response = apiGatewayResponse(result as never);
    res.writeHead(response.status, response.headers);
    res.end(response.body);
  }

  return { routes, handle };
}

function fail(message: string): never {
  throw new Error(message);
}
