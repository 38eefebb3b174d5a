import type { IncomingMessage } from 'node:http';
import { AwsFault } from './aws-http.ts';
import { resolve, validateInput, type Model, type Violation } from './aws-model.ts';

/**
 * A REST-JSON request read the way the model binds it: the operation from method and path
 * (`http.requestUri`), each input member from its label, query string, header or body, then
 * checked against the model.
 */
export interface RestRequest {
  operation: string;
  input: Record<string, unknown>;
}

function matchOperation(model: Model, method: string, pathname: string): { operation: string; labels: Record<string, string> } | undefined {
  const segments = pathname.split('/').slice(1);
  let best: { operation: string; labels: Record<string, string>; literals: number } | undefined;
  for (const [operation, { http }] of Object.entries(model.operations)) {
    if (!http || http.method !== method) continue;
    const pattern = http.requestUri.split('?')[0]!.split('/').slice(1);
    if (pattern.length !== segments.length) continue;
    const labels: Record<string, string> = {};
    let literals = 0;
    const fits = pattern.every((part, i) => {
      const label = part.match(/^\{(\w+)\}$/)?.[1];
      if (label) {
        labels[label] = decodeURIComponent(segments[i]!);
        return segments[i] !== '';
      }
      literals += 1;
      return part === segments[i];
    });
    if (fits && (!best || literals > best.literals)) best = { operation, labels, literals };
  }
  return best;
}

/** A query string or header value as the member's type (left as text when it is not one, for the validator to name). */
function scalar(type: string | undefined, text: string): unknown {
  if ((type === 'integer' || type === 'long') && /^-?\d+$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

export function readRestJson(model: Model, req: IncomingMessage, url: URL, body: Buffer, faultFor: (violations: Violation[]) => AwsFault): RestRequest {
  const match = matchOperation(model, req.method ?? 'GET', url.pathname);
  if (!match) throw new AwsFault(404, 'UnknownOperationException', `No operation for ${req.method} ${url.pathname}`);
  const ref = model.operations[match.operation]!.input;
  const shape = ref ? resolve(model, ref) : { members: {} };
  const input: Record<string, unknown> = {};
  const payloadName = shape.payload;
  if (payloadName) {
    const payloadShape = resolve(model, shape.members![payloadName]!);
    if (payloadShape.type === 'blob') input[payloadName] = body;
    else if (body.length) input[payloadName] = parseJson(body);
  } else if (body.length) {
    Object.assign(input, parseJson(body));
  }
  for (const [name, member] of Object.entries(shape.members ?? {})) {
    const where = member.locationName ?? name;
    const type = resolve(model, member).type;
    if (member.location === 'uri') input[name] = match.labels[where];
    else if (member.location === 'querystring' && url.searchParams.has(where)) input[name] = type === 'list' ? url.searchParams.getAll(where) : scalar(type, url.searchParams.get(where)!);
    else if (member.location === 'header' && req.headers[where.toLowerCase()] !== undefined) input[name] = scalar(type, String(req.headers[where.toLowerCase()]));
  }
  const violations = validateInput(model, match.operation, input);
  if (violations.length) throw faultFor(violations);
  return { operation: match.operation, input };
}

function parseJson(body: Buffer): Record<string, unknown> {
  try {
    return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new AwsFault(400, 'SerializationException', 'The request body is not valid JSON');
  }
}
