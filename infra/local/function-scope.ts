import { AsyncLocalStorage } from 'node:async_hooks';
import { MODULES } from '@portal/shared/api/module-names';
import { FUNCTION_NEEDS, type FunctionNeeds } from '../aws/function-needs.ts';
import { TOPIC_GRANTS } from '../aws/iot-publish.ts';
import type { TableUser } from '../aws/table-access.ts';

/**
 * Which Lambda the local runtime is running: each handler it loads runs inside its function's
 * scope (functions.ts), so a local adapter can refuse what that function could not do on AWS,
 * where FUNCTION_NEEDS gives it neither the adapter nor the grant. Without this the one process
 * would let any handler publish, queue or schedule, and a fault like the shifts API's missing queue
 * adapter would pass every local test.
 */
const running = new AsyncLocalStorage<TableUser>();

/** `handler`, run as the Lambda `name` (FUNCTION_NEEDS' key). */
export function asFunction<A extends unknown[], R>(name: TableUser, handler: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args) => running.run(name, () => handler(...args));
}

/** The Lambda running now, if a handler is (seeds and tests calling services directly run outside any). */
export const runningFunction = (): TableUser | undefined => running.getStore();

/** An API Gateway function (a module of the route table), as opposed to a delivery, scheduled, uplink or trigger function. */
export const isApiFunction = (name: TableUser | undefined): boolean => !!name && (MODULES as readonly string[]).includes(name);

export class MissingNeedError extends Error {
  override readonly name = 'MissingNeedError';
}

/** Throws when the running function lacks the need: what AWS would refuse (no adapter, variable or grant). */
export function requireNeed(what: string, has: (needs: FunctionNeeds) => boolean): void {
  const name = running.getStore();
  if (name && !has(FUNCTION_NEEDS[name])) {
    throw new MissingNeedError(`The '${name}' function ${what}, which FUNCTION_NEEDS (infra/aws/function-needs.ts) does not give it: on AWS it has no adapter, variable or grant for it`);
  }
}

/** The topic grant a topic falls under (`<root>/{orgId}/users/{userId}/inbox` is `inbox`), if any. */
export function topicGrantOf(topic: string): keyof typeof TOPIC_GRANTS | undefined {
  const levels = topic.split('/');
  // Root (two levels), organisation, then users/{id}/inbox or devices/{id}/config.
  if (levels.length !== 6) return undefined;
  if (levels[3] === 'users' && levels[5] === 'inbox') return 'inbox';
  if (levels[3] === 'devices' && levels[5] === 'config') return 'deviceConfig';
  return undefined;
}
