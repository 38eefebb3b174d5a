import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ACCOUNT_ID, REGION } from '../aws/aws-identity.ts';
import type { TemplateFunction } from './template.ts';

/** A function's error as Lambda reports it (`X-Amz-Function-Error: Unhandled`). */
export class FunctionError extends Error {
  constructor(
    readonly functionId: string,
    readonly errorType: string,
    message: string,
    readonly detail = '',
  ) {
    super(`${functionId}: ${errorType}: ${message}`);
  }
}

export interface HostedFunction {
  logicalId: string;
  arn: string;
  invoke(event: unknown): Promise<unknown>;
  invocations: number;
  errors: number;
}

export interface FunctionHostOptions {
  fn: TemplateFunction;
  /** Where the bundle was staged with its layers (lambda-sandbox.ts): the worker imports it from there. */
  taskDir: string;
  /** The template's variables, resolved to the emulated resources. */
  variables: Record<string, string>;
  /** `AWS_ENDPOINT_URL_*` of the emulators, the same for every function. */
  endpoints: Record<string, string>;
  /** Each function's log, as CloudWatch Logs would keep it. */
  logDir: string;
  /** Origins the worker's `fetch` reaches elsewhere: the AWS issuer's JWKS at cognito-local. */
  redirects: Record<string, string>;
}

const WORKER = path.join(path.dirname(new URL(import.meta.url).pathname), 'function-worker.mjs');

export const functionArn = (logicalId: string) => `arn:aws:lambda:${REGION}:${ACCOUNT_ID}:function:${logicalId}`;

/**
 * One function of the template in a worker thread of its own: its own environment (the template's
 * variables, the emulators' endpoints, a credential whose access key id is its logical id, so every
 * AWS call is judged against its role), its bundle imported from the cloud assembly, one invocation
 * at a time with the template's timeout. A timed-out sandbox is thrown away, as Lambda does; the next
 * invocation starts a new one (a cold start).
 */
export function hostFunction({ fn, taskDir, variables, endpoints, logDir, redirects }: FunctionHostOptions): HostedFunction {
  const [file, exportName] = splitHandler(fn.handler);
  const arn = functionArn(fn.logicalId);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    TZ: 'UTC',
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    AWS_LAMBDA_FUNCTION_NAME: fn.logicalId,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
    AWS_ACCESS_KEY_ID: fn.logicalId,
    AWS_SECRET_ACCESS_KEY: 'emulated',
    HARNESS_FUNCTION_ARN: arn,
    // The harness runs the runtime of this machine (Node 20 today), Lambda the template's (nodejs22.x).
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...endpoints,
    ...variables,
  };
  mkdirSync(logDir, { recursive: true });
  let log: WriteStream | undefined;
  let worker: { thread: Worker; ready: Promise<void> } | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let queue: Promise<unknown> = Promise.resolve();

  const start = () => {
    log ??= createWriteStream(path.join(logDir, `${fn.logicalId}.log`), { flags: 'a' });
    const started = new Worker(WORKER, {
      env,
      workerData: { bundle: taskDir, file: `${file}.mjs`, exportName, functionName: fn.logicalId, memoryMb: 512, redirects },
      stdout: true,
      stderr: true,
    });
    started.stdout.pipe(log, { end: false });
    started.stderr.pipe(log, { end: false });
    let initDone: (error?: FunctionError) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => (initDone = (error) => (error ? reject(error) : resolve())));
    ready.catch(() => undefined);
    type Message = { id: number; ready?: boolean; result?: unknown; error?: { errorType: string; errorMessage: string; stack: string } };
    started.on('message', ({ id, ready: initialised, result, error }: Message) => {
      if (initialised !== undefined) return initDone(initialised ? undefined : new FunctionError(fn.logicalId, error!.errorType, error!.errorMessage, error!.stack));
      const call = pending.get(id);
      pending.delete(id);
      if (error) call?.reject(new FunctionError(fn.logicalId, error.errorType, error.errorMessage, error.stack));
      else call?.resolve(result);
    });
    started.on('error', (error) => {
      for (const call of pending.values()) call.reject(new FunctionError(fn.logicalId, 'Runtime.ExitError', error.message, error.stack));
      pending.clear();
      initDone(new FunctionError(fn.logicalId, 'Runtime.ExitError', error.message, error.stack));
      if (worker?.thread === started) worker = undefined;
    });
    // Unref'd: an idle sandbox must not keep the test process alive.
    started.unref();
    return { thread: started, ready };
  };

  const run = async (event: unknown) => {
    const sandbox = (worker ??= start());
    // The init phase (a cold start) has its own limit on Lambda (10 s), not enforced here: two shared
    // cores import a bundle and the SDK slower than Lambda does. The invocation's timeout starts after it.
    await sandbox.ready;
    return new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      // AWS_EMULATED_TIMEOUT_SCALE (default 1) stretches every timeout alike on a machine slower than Lambda.
      const timeoutMs = fn.timeoutSeconds * 1000 * Number(process.env.AWS_EMULATED_TIMEOUT_SCALE ?? 1);
      const timer = setTimeout(() => {
        pending.delete(id);
        if (worker === sandbox) worker = undefined;
        void sandbox.thread.terminate();
        reject(new FunctionError(fn.logicalId, 'Sandbox.Timedout', `Task timed out after ${fn.timeoutSeconds.toFixed(2)} seconds`));
      }, timeoutMs);
      pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      sandbox.thread.postMessage({ id, event, deadline: Date.now() + timeoutMs });
    });
  };

  const hosted: HostedFunction = {
    logicalId: fn.logicalId,
    arn,
    invocations: 0,
    errors: 0,
    invoke(event) {
      hosted.invocations++;
      const result = queue.then(() => run(event));
      queue = result.catch(() => undefined);
      return result.catch((error: Error) => {
        hosted.errors++;
        throw error;
      });
    },
  };
  Object.defineProperty(hosted, 'stop', { value: async () => (await worker?.thread.terminate(), log?.end()) });
  return hosted;
}

/** Stops a hosted function's sandbox and closes its log. */
export const stopFunction = (fn: HostedFunction) => (fn as HostedFunction & { stop(): Promise<void> }).stop();

/** `index.handler` → ['index', 'handler']; a handler in a subdirectory keeps its path. */
function splitHandler(handler: string): [string, string] {
  const dot = handler.lastIndexOf('.');
  if (dot < 1) throw new Error(`Handler ${handler} is not <file>.<export>`);
  return [handler.slice(0, dot), handler.slice(dot + 1)];
}
