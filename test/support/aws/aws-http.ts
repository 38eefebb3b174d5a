import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkCall, type Authorize, type AuthorizeCall, type CallRecord } from './aws-authz.ts';
import { sigV4Credential } from './sigv4.ts';

/** An error the emulator answers with, in the wire format of the service's protocol. */
export class AwsFault extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface EmulatorServer {
  endpoint: string;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => Promise<void>;
export type ErrorWriter = (res: ServerResponse, fault: AwsFault) => void;

/** Reads the whole request body; the services here all take bodies of a few MiB at most. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * An HTTP server on 127.0.0.1 and a free port. A thrown `AwsFault` is answered through
 * `writeError`; anything else is a 500 InternalFailure, as AWS would say of its own bug.
 */
export async function startHttpServer(handle: Handler, writeError: ErrorWriter): Promise<EmulatorServer> {
  const server = createServer((req, res) => {
    readBody(req)
      .then((body) => handle(req, body, res))
      .catch((error: unknown) => {
        if (res.headersSent) return res.destroy();
        writeError(res, error instanceof AwsFault ? error : new AwsFault(500, 'InternalFailure', String((error as Error)?.stack ?? error)));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The SDK keeps connections alive; close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text), 'x-amzn-requestid': crypto.randomUUID() });
  res.end(text);
}

/**
 * The JSON protocols' error: `__type` in the body and `x-amzn-errortype`, both of which the SDK
 * reads for the error's name. `namespace` qualifies `__type` as the service does (`com.amazonaws.sqs#…`).
 */
export const jsonErrorWriter =
  (contentType: string, namespace?: string): ErrorWriter =>
  (res, fault) => {
    res.setHeader('x-amzn-errortype', fault.code);
    // Both spellings of the message member: services model one or the other.
    sendJson(res, fault.status, { __type: namespace ? `${namespace}#${fault.code}` : fault.code, message: fault.message, Message: fault.message }, contentType);
  };

/** The caller's access key id, or the fault AWS answers a request signed by no one with. */
export function callerOf(req: IncomingMessage, query?: URLSearchParams): string {
  const credential = sigV4Credential(req.headers, query);
  if (!credential) throw new AwsFault(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
  return credential.accessKeyId;
}

/** Asks and records; a denial becomes the 403 AccessDeniedException the SDK throws. */
export function authorizeOrThrow(authorize: Authorize, calls: CallRecord[], call: AuthorizeCall, code = 'AccessDeniedException'): void {
  const decision = checkCall(authorize, calls, call);
  if (!decision.allowed) {
    throw new AwsFault(403, code, `User: ${call.accessKeyId} is not authorized to perform: ${call.action} on resource: ${call.resources.join(', ')} because ${decision.reason}`);
  }
}

export interface Forwarded {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends a request on to the emulator behind a proxy (DynamoDB Local, s3rver), its body whole, and reads the whole answer. */
export function forwardRequest(to: { hostname: string; port: number | string }, method: string, path: string, headers: OutgoingHttpHeaders, body: Buffer): Promise<Forwarded> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ hostname: to.hostname, port: to.port, method, path, headers: { ...headers, host: `${to.hostname}:${to.port}`, 'content-length': String(body.length) } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 500, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
