import middy from '@middy/core';
import { HTTP_MESSAGES, serverMessageCode } from '@portal/shared/api/server-messages';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { Context } from 'aws-lambda';
import { routeKey, routesOf, type HandlerName, type ModuleName, type RouteDefinition } from '@portal/shared/api/route-table';
import type { Principal } from '@portal/shared/tenancy/principal';
import type { InferType, Schema } from 'yup';
import { MAX_RAW_BODY_BYTES } from '@portal/shared/api/limits';
import { authenticate } from '../auth/authenticate.middleware.ts';
import { authorize } from '../auth/authorize.middleware.ts';
import { correlationId } from './correlation.middleware.ts';
import { errorHandler } from './error-handler.middleware.ts';
import { jsonBody } from './json-body.middleware.ts';
import { originCheck } from './origin-check.middleware.ts';
import { rawBody, rawBodyOf } from './raw-body.middleware.ts';
import { json } from './responses.ts';
import type { HttpEvent, HttpResult, PortalContext } from './types.ts';
import { validate, validatedParts, type RequestSchemas } from './validate.middleware.ts';

type Infer<S> = S extends Schema ? InferType<S> : undefined;

/** What a route function receives: validated parts, the caller and the raw event if needed. */
export interface RouteRequest<S extends RequestSchemas> {
  params: Infer<S['params']>;
  query: Infer<S['query']>;
  body: Infer<S['body']>;
  /** Present on every route that is not public. */
  principal: Principal;
  /** A `rawBody` route's body bytes (base64-decoded if API Gateway encoded them); empty on the others. */
  rawBody: Buffer;
  event: HttpEvent;
}

export interface RouteImplementation<S extends RequestSchemas = RequestSchemas> {
  schemas: S;
  run: (request: RouteRequest<S>) => Promise<HttpResult>;
}

/** A route's implementation: its yup schemas (from shared) and a thin function calling a service. */
export function route<S extends RequestSchemas>(schemas: S, run: RouteImplementation<S>['run']): RouteImplementation<S> {
  return { schemas, run };
}

/**
 * The HTTP preset. errorHandler is registered first so that, middy running onError in reverse,
 * it is the last to act and the only place an error becomes a response. The origin check comes
 * before any other: on AWS a request that did not come through CloudFront goes no further (decision 0058).
 */
function wrap(definition: RouteDefinition, implementation: RouteImplementation) {
  const chain = middy<HttpEvent, HttpResult, Error, PortalContext>()
    .use(errorHandler())
    .use(correlationId())
    .use(httpHeaderNormalizer())
    .use(originCheck());
  if (definition.access !== 'public') chain.use(authenticate());
  if (definition.access === 'organization') chain.use(authorize(definition));
  return chain
    .use(definition.rawBody ? rawBody(MAX_RAW_BODY_BYTES) : jsonBody())
    .use(validate(implementation.schemas))
    .handler(async (event, context) => {
      const parts = validatedParts(event);
      return implementation.run({
        params: parts.params,
        query: parts.query,
        body: parts.body,
        principal: context.principal as Principal,
        rawBody: rawBodyOf(event),
        event,
      } as RouteRequest<RequestSchemas>);
    });
}

/**
 * A module's Lambda handler: one middy chain per route of the route table, dispatched on the
 * API Gateway route key. The type demands an implementation for every route of the module.
 */
export function createModuleHandler<M extends ModuleName>(
  module: M,
  implementations: { [H in HandlerName<M>]: RouteImplementation<any> },
) {
  const schemas = new Map<string, RequestSchemas>();
  const byKey = new Map(
    routesOf(module).map((definition) => {
      const implementation = implementations[definition.handler as HandlerName<M>];
      schemas.set(routeKey(definition), implementation.schemas);
      return [routeKey(definition), wrap(definition, implementation)] as const;
    }),
  );
  const handler = async (event: HttpEvent, context: Context): Promise<HttpResult> => {
    const wrapped = byKey.get(event.routeKey);
    if (!wrapped) return json(404, { message: HTTP_MESSAGES.notFound, code: serverMessageCode(HTTP_MESSAGES.notFound) });
    return wrapped(event, context as PortalContext);
  };
  // The schemas by route key, so a test can walk every route's input rules (limits, types).
  return Object.assign(handler, { schemas: schemas as ReadonlyMap<string, RequestSchemas> });
}
