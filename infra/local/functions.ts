import type { Context } from 'aws-lambda';
import type { ModuleName } from '@portal/shared/api/route-table';
import { SCHEDULED_HANDLER, scheduleNamePrefixes, scheduledModules } from '@portal/shared/api/scheduled-jobs';
import type { UplinkRoute } from '@portal/shared/api/uplink-table';
import { deliveryEnv, registerDeliveryAdapter } from '../../functions/src/platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { registerSchedulerAdapter } from '../../functions/src/platform/scheduling/scheduler.ts';
import { cipherEnv, registerCipherAdapter } from '../../functions/src/platform/crypto/secret-cipher.ts';
import { registerStorageAdapter, storageEnv } from '../../functions/src/platform/storage/object-storage.ts';
import type { ScheduledFiring, Scheduler } from '../../functions/src/platform/scheduling/scheduler.port.ts';
import type { ScheduledFunctionName, UplinkFunctionName } from '../aws/event-functions.ts';
import type { DeliveryModule } from '../aws/function-needs.ts';
import { pascal } from '../aws/logical-id.ts';
import { createInProcessDeliveryQueue, type DeliveryHandler, type InProcessDeliveryQueue } from './delivery-queue.ts';
import { asFunction, requireNeed, topicGrantOf } from './function-scope.ts';

type LambdaHandler = (event: any, context: Context) => Promise<unknown>;

/** The local secret cipher's key, in the runtime's data directory (SECRETS_KEY_FILE). */
export const SECRETS_KEY_FILE_NAME = 'secrets.key';

let deliveryQueue: InProcessDeliveryQueue | undefined;

/** Where the runtime keeps the in-process queue's records (DATA_DIR/delivery-queue); unset: memory only. */
export const DELIVERY_QUEUE_DIR_ENV = 'LOCAL_DELIVERY_QUEUE_DIR';

/**
 * The in-process delivery queue (created on first use; a stopped one is replaced by the next use),
 * journaled under LOCAL_DELIVERY_QUEUE_DIR when the runtime set it, so a restart takes up its records.
 */
export function localDeliveryQueue(): InProcessDeliveryQueue {
  return (deliveryQueue ??= createInProcessDeliveryQueue({ loadHandler: loadDeliveryHandler, journalDir: process.env[DELIVERY_QUEUE_DIR_ENV] || undefined }));
}

/** Stops the in-process delivery queue (runtime shutdown): batches still waiting are dropped. */
export function stopLocalDeliveryQueue(): void {
  deliveryQueue?.stop();
  deliveryQueue = undefined;
}

/** The local adapters, made once: the registry keeps an adapter registered again as it is, with what it created. */
function localAdapterSet(): () => void {
  // Each adapter first refuses what the running function could not do on AWS (function-scope.ts).
  const delivery: Parameters<typeof registerDeliveryAdapter>[0] = {
    kind: 'mqtt',
    async create() {
      const { createMqttDelivery } = await import('../../functions/src/platform/delivery/mqtt.adapter.ts');
      const port = await createMqttDelivery(deliveryEnv.mqttUrl ?? '', deliveryEnv.mqttInternalToken);
      return {
        maxInFlight: port.maxInFlight,
        publish: async (topic, payload, options) => {
          const grant = topicGrantOf(topic);
          requireNeed(`publishes to ${topic}`, (needs) => grant !== undefined && needs.publishes === grant);
          return port.publish(topic, payload, options);
        },
        close: () => port.close(),
      };
    },
  };
  const queues = (modules: readonly string[]) => (needs: { queues?: readonly string[] }) => modules.every((module) => needs.queues?.includes(module));
  const queue: Parameters<typeof registerDeliveryQueueAdapter>[0] = {
    kind: 'in-process',
    create: () => ({
      enqueue: async (batches) => {
        requireNeed('queues sends', queues(batches.map((batch) => batch.message.module)));
        return localDeliveryQueue().enqueue(batches);
      },
      enqueueJobs: async (jobs) => {
        requireNeed('queues jobs', queues(jobs.map((job) => job.module)));
        return localDeliveryQueue().enqueueJobs(jobs);
      },
    }),
  };
  // A function schedules only its modules' jobs, named with their prefixes: on AWS its rights name
  // `schedule/<group>/<prefix>*` of those modules only (scheduling.construct.ts).
  const ownName = (name: string, modules: readonly ModuleName[] | undefined) => (modules ?? []).some((module) => scheduleNamePrefixes(module).some((prefix) => name.startsWith(prefix)));
  const schedules = (module: ModuleName, name: string) => (needs: { schedules?: readonly ModuleName[] }) => (needs.schedules?.includes(module) ?? false) && ownName(name, [module]);
  const scheduling: Parameters<typeof registerSchedulerAdapter>[0] = {
    kind: 'table',
    create(): Scheduler {
      const table = import('../../functions/src/platform/scheduling/table.adapter.ts').then(({ createTableScheduler }) => createTableScheduler());
      return {
        scheduleOnce: async (schedule) => {
          requireNeed(`schedules ${schedule.target.module} jobs (${schedule.name})`, schedules(schedule.target.module, schedule.name));
          return (await table).scheduleOnce(schedule);
        },
        scheduleRecurring: async (schedule) => {
          requireNeed(`schedules ${schedule.target.module} jobs (${schedule.name})`, schedules(schedule.target.module, schedule.name));
          return (await table).scheduleRecurring(schedule);
        },
        cancel: async (name) => {
          requireNeed(`deletes the schedule ${name}`, (needs) => ownName(name, needs.schedules));
          return (await table).cancel(name);
        },
      };
    },
  };
  const storage: Parameters<typeof registerStorageAdapter>[0] = {
    kind: 'file',
    create() {
      const files = import('../../functions/src/platform/storage/file.adapter.ts').then(({ createFileStorage }) => createFileStorage(storageEnv.directory ?? ''));
      const assets = (what: string) => requireNeed(what, (needs) => needs.assets === true);
      return {
        put: async (key, object) => (assets('stores objects'), (await files).put(key, object)),
        get: async (key) => (assets('reads objects'), (await files).get(key)),
        remove: async (key) => (assets('removes objects'), (await files).remove(key)),
      };
    },
  };
  // Webhook secrets sealed at rest (decision 0057): on AWS only the functions FUNCTION_NEEDS gives
  // `kms` have the key's ARN and kms:Encrypt/Decrypt on it.
  const cipher: Parameters<typeof registerCipherAdapter>[0] = {
    kind: 'local',
    create() {
      const cipher = import('../../functions/src/platform/crypto/local-key.adapter.ts').then(({ createLocalCipher, ensureKeyFile }) => createLocalCipher(ensureKeyFile(cipherEnv.keyFile ?? '')));
      const kms = (what: string) => requireNeed(what, (needs) => needs.kms === true);
      return {
        encrypt: async (plaintext, context) => (kms('encrypts secrets'), (await cipher).encrypt(plaintext, context)),
        decrypt: async (ciphertext, context) => (kms('decrypts secrets'), (await cipher).decrypt(ciphertext, context)),
      };
    },
  };
  return () => {
    registerDeliveryAdapter(delivery);
    registerDeliveryQueueAdapter(queue);
    registerSchedulerAdapter(scheduling);
    registerStorageAdapter(storage);
    registerCipherAdapter(cipher);
  };
}

let registerEvery: (() => void) | undefined;

/**
 * The local runtime's composition root: registers the local adapters of the delivery port (MQTT to
 * aedes), the scheduling port (rows in the table), the storage port (files) and the secret cipher
 * port (AES-256-GCM), which the Lambda entries never import (they register the AWS adapters).
 * Configuration picks among what is registered: the runtime sets MQTT_URL, SCHEDULER=table,
 * ASSETS_DIR and SECRETS_KEY_FILE. Called before any handler loads; idempotent. Each adapter's module
 * loads at its first use, after the runtime has set the environment the entities read at load.
 */
export function registerLocalAdapters(): void {
  if (registerEvery) return;
  (registerEvery = localAdapterSet())();
}

/**
 * The local adapters again, in place of any a test registered instead (the registry keeps an
 * adapter registered again as it was), and a new in-process delivery queue: where test files share
 * one module instance, each begins as a process of its own would (test/integration/setup-env.ts).
 */
export function restoreLocalAdapters(): void {
  (registerEvery ??= localAdapterSet())();
  stopLocalDeliveryQueue();
}

/**
 * The very handlers CDK deploys, loaded by module name. Imported lazily, after the runtime has set
 * the environment they read at load time (table name, endpoints).
 */
export async function loadModuleHandler(module: ModuleName): Promise<LambdaHandler> {
  registerLocalAdapters();
  const loaded = (await import(`../../functions/src/${module}/handler.ts`)) as { handler: LambdaHandler };
  return asFunction(module, loaded.handler);
}

export type ScheduledHandler = (firing: ScheduledFiring, context: Context) => Promise<unknown>;

/**
 * A module's scheduled-event handler (the function EventBridge Scheduler invokes on AWS), loaded
 * lazily like the HTTP handlers. The local scheduler calls it with the same `ScheduledFiring`. Only
 * a module of the scheduled-jobs table has one (shared/src/api/scheduled-jobs.ts); on AWS a schedule
 * for any other could not even be created (it has no SCHEDULE_TARGET_ARN_<MODULE>).
 */
export async function loadScheduledHandler(module: ModuleName): Promise<ScheduledHandler> {
  if (!scheduledModules().includes(module)) throw new Error(`Module '${module}' has no scheduled jobs (shared/src/api/scheduled-jobs.ts)`);
  registerLocalAdapters();
  const loaded = (await import(`../../functions/src/${module}/${SCHEDULED_HANDLER}.handler.ts`)) as { handler: ScheduledHandler };
  return asFunction(`${module}Scheduled` as ScheduledFunctionName, loaded.handler);
}

/**
 * A module's delivery function (functions/src/<module>/delivery.handler.ts, the SQS consumer on
 * AWS), loaded lazily like the HTTP handlers; the in-process delivery queue calls it with SQS events.
 */
export async function loadDeliveryHandler(module: string): Promise<DeliveryHandler> {
  registerLocalAdapters();
  const loaded = (await import(`../../functions/src/${module}/delivery.handler.ts`)) as { handler: DeliveryHandler };
  return asFunction(`${module as DeliveryModule}Delivery`, loaded.handler);
}

export type UplinkHandler = (event: { topic: string } & Record<string, unknown>) => Promise<unknown>;

/**
 * The handler of an uplink route (the Lambda its IoT rule invokes on AWS), loaded lazily like the
 * HTTP handlers. The local uplink (uplink.ts) calls it with what the rule would pass.
 */
export async function loadUplinkHandler(route: Pick<UplinkRoute, 'module' | 'handler'>): Promise<UplinkHandler> {
  registerLocalAdapters();
  const loaded = (await import(`../../functions/src/${route.module}/${route.handler}.handler.ts`)) as { handler: UplinkHandler };
  return asFunction(`${route.module}${pascal(route.handler)}` as UplinkFunctionName, loaded.handler);
}

export type PresenceHandler = (event: unknown) => Promise<unknown>;

/**
 * The devices' presence function (the Lambda the lifecycle-event IoT rule invokes on AWS), loaded
 * lazily like the HTTP handlers; the local presence tracker (presence.ts) calls it with what the
 * rule would pass.
 */
export async function loadPresenceHandler(): Promise<PresenceHandler> {
  registerLocalAdapters();
  const loaded = (await import('../../functions/src/devices/presence.handler.ts')) as { handler: PresenceHandler };
  return asFunction('devicesPresence', loaded.handler);
}

/** Functions cognito-local invokes as triggers, by the name written into its config. */
export const TRIGGER_FUNCTIONS: Record<string, () => Promise<LambdaHandler>> = {
  'pre-token-generation': async () =>
    asFunction('preTokenGeneration', ((await import('../../functions/src/identity/pre-token-generation.handler.ts')) as { handler: LambdaHandler }).handler),
};
