// One Lambda sandbox: a worker thread with the function's own environment (worker_threads `env`),
// importing its bundle once (a cold start) and running one invocation at a time, as Lambda does.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const { bundle, file, exportName, functionName, memoryMb, redirects } = workerData;

// The one address the functions reach outside the SDK: the user pool's JWKS under its AWS issuer
// (`https://cognito-idp.<region>.amazonaws.com/<pool>`), which cognito-local serves here. As a DNS
// entry would, only the origin changes; the path and everything else go as the bundle sends them.
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
  for (const [from, to] of Object.entries(redirects ?? {})) {
    if (url.startsWith(from)) return realFetch(to + url.slice(from.length), init);
  }
  return realFetch(input, init);
};
const loaded = import(pathToFileURL(`${bundle}/${file}`).href);
// Lambda's init phase (the module's top level) is not part of an invocation's timeout: say when it ended.
loaded.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: { errorType: 'Runtime.ImportModuleError', errorMessage: String(error?.message ?? error), stack: String(error?.stack ?? '') } }),
);

const contextOf = (deadline, requestId) => ({
  callbackWaitsForEmptyEventLoop: true,
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: process.env.HARNESS_FUNCTION_ARN,
  memoryLimitInMB: String(memoryMb),
  awsRequestId: requestId,
  logGroupName: `/aws/lambda/${functionName}`,
  logStreamName: 'emulated',
  getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

parentPort.on('message', async ({ id, event, deadline }) => {
  try {
    const handler = (await loaded)[exportName];
    if (typeof handler !== 'function') throw new Error(`${file} exports no function ${exportName}`);
    const result = await handler(event, contextOf(deadline, randomUUID()));
    parentPort.postMessage({ id, result: result === undefined ? null : JSON.parse(JSON.stringify(result)) });
  } catch (error) {
    parentPort.postMessage({ id, error: { errorType: error?.name ?? 'Error', errorMessage: String(error?.message ?? error), stack: String(error?.stack ?? '') } });
  }
});
