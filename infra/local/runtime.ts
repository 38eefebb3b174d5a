import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import { SECRET_CIPHER_ENV } from '@portal/shared/crypto/secret-cipher-environment';
import { DEFAULT_LOCAL_TABLE_NAME } from '@portal/shared/db/table';
import { LOCAL_BULK_WRITES_IN_FLIGHT, limitBulkWrites } from './bulk-write-limit.ts';
import { isApiFunction, runningFunction } from './function-scope.ts';
import { cognitoLocalEndpoint, startCognitoLocal } from './cognito-local.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { dynamoDbLocalEndpoint, ensureTable, startDynamoDbLocal } from './dynamodb-local.ts';
import { DELIVERY_QUEUE_DIR_ENV, SECRETS_KEY_FILE_NAME, localDeliveryQueue, registerLocalAdapters, stopLocalDeliveryQueue } from './functions.ts';
import { startLambdaInvokeServer } from './lambda-invoke.server.ts';
import { logger } from './log.ts';
import { freePort } from './net-utils.ts';
import { loadSeedModules, seedDemo, type DemoSeed } from './seed.ts';

export interface LocalRuntimeOptions {
  /** The portal's port; 0 picks a free one. */
  port: number;
  /**
   * The address the portal and the MQTT TCP port listen on: 127.0.0.1 unless given (README,
   * HOST). DynamoDB Local, cognito-local and the trigger endpoint are on loopback always.
   */
  host?: string;
  dataDir: string;
  frontendDist: string;
  demo: DemoSeed;
  /** Fixed ports for the stand-ins; free ones are picked when absent. */
  dynamoDbPort?: number;
  cognitoPort?: number;
  mqttPort?: number;
}

export interface LocalRuntime {
  url: string;
  port: number;
  tableName: string;
  dynamoDbEndpoint: string;
  cognitoEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  mqttTcpUrl: string;
  /** Password of the portal's own MQTT client (username `portal`); new on every start. */
  mqttInternalToken: string;
  stop: () => Promise<void>;
}

const REGION = 'eu-central-1';
/** The uplink's persistent session on the broker: what watches send while it is not connected waits for it (uplink.ts). */
const UPLINK_SESSION_ID = 'portal-uplink';

/**
 * LOCAL_RUNTIME_TIMINGS=1 prints when each start-up phase ended and how long it took (ms since the
 * Node process began), to see where `npm start` spends its time (docs/performance.md, "npm start").
 */
export async function timed<T>(phase: string, work: Promise<T> | (() => Promise<T>)): Promise<T> {
  if (process.env.LOCAL_RUNTIME_TIMINGS !== '1') return typeof work === 'function' ? work() : work;
  const begun = performance.now();
  const result = await (typeof work === 'function' ? work() : work);
  const now = performance.now();
  console.log(`[timing] ${now.toFixed(0).padStart(6)} ms  ${phase} (${(now - begun).toFixed(0)} ms)`);
  return result;
}

/**
 * Starts every stand-in and the portal on one machine. The functions are configured only through
 * the same environment variables Lambda gives them; no code path branches on "local".
 */
export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const dataDir = resolve(options.dataDir);
  // The delivery and scheduling ports' local adapters, before anything loads a handler or a service.
  registerLocalAdapters();
  // Named, so that with LOCAL_RUNTIME_TIMINGS a stop that does not end says which part it waits for.
  const stops: Array<{ what: string; stop: () => Promise<void> }> = [];
  const stopping = (what: string, stop: () => Promise<void>) => stops.push({ what, stop });
  const stop = async () => {
    for (const { what, stop: stopOne } of stops.reverse()) await timed(`stopped ${what}`, stopOne).catch(() => undefined);
  };
  /** Registers the stop of what `started` starts as soon as it has started, whatever else fails meanwhile. */
  const tracked = <T>(what: string, started: Promise<T>, stopOf: (value: T) => () => Promise<void>) =>
    started.then((value) => {
      stopping(what, stopOf(value));
      return value;
    });
  try {
    // The stand-ins in child processes get a port chosen here; the servers of this process (the
    // Lambda invoke endpoint, the broker) bind one themselves unless it is configured (0: the OS's).
    const [dynamoDbPort, cognitoPort] = await Promise.all([options.dynamoDbPort ?? freePort(), options.cognitoPort ?? freePort()]);
    const tableName = process.env.TABLE_NAME ?? DEFAULT_LOCAL_TABLE_NAME;
    // Everything the functions read at load is known from the ports, so their modules load while the
    // stand-ins boot; the pool's ids (read at use) follow once cognito-local has them.
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamoDbLocalEndpoint(dynamoDbPort),
      AWS_REGION: REGION,
      COGNITO_ENDPOINT: cognitoLocalEndpoint(cognitoPort),
      // The scheduling port's table adapter; the local scheduler below fires its rows.
      SCHEDULER: 'table',
      // The delivery queue port's in-process adapter: sends go to the delivery handlers in this process,
      // each record kept in a file until done, so a restart (or a kill) takes up what was queued (SQS's place).
      DELIVERY_QUEUE: 'in-process',
      [DELIVERY_QUEUE_DIR_ENV]: join(dataDir, 'delivery-queue'),
      // The storage port's file adapter (the organisation's logo): S3's place on this machine.
      ASSETS_DIR: join(dataDir, 'assets'),
      // The secret cipher port's local adapter (webhook secrets, decision 0057): KMS's place on this
      // machine, a key of this data directory, written at its first use.
      [SECRET_CIPHER_ENV.keyFile]: join(dataDir, SECRETS_KEY_FILE_NAME),
    });

    // Independent of each other, so at once (docs/performance.md, "npm start"): the JVM is the longest.
    const dynamoStarting = timed(
      'DynamoDB Local ready',
      tracked('DynamoDB Local', startDynamoDbLocal(join(dataDir, 'dynamodb'), dynamoDbPort), (dynamo) => dynamo.stop),
    );
    const cognitoStarting = timed(
      'cognito-local ready',
      tracked('Lambda invoke server', startLambdaInvokeServer(0), (lambda) => () => new Promise<void>((done) => lambda.server.close(() => done()))).then((lambda) =>
        tracked(
          'cognito-local',
          startCognitoLocal({
            dir: join(dataDir, 'cognito'),
            port: cognitoPort,
            lambdaEndpoint: lambda.endpoint,
            preTokenGenerationFunction: 'pre-token-generation',
          }),
          (cognito) => cognito.stop,
        ),
      ),
    );
    const modulesLoading = timed('modules loaded', () =>
      Promise.all([
        import('./broker.ts'),
        import('./portal.server.ts'),
        import('./uplink.ts'),
        import('./local-scheduler.ts'),
        import('./republish-config.ts'),
        import('./presence.ts'),
        loadSeedModules(),
        // DynamoDB Local has one writer: the background work's batch writes take turns, an API
        // request's go ahead (bulk-write-limit.ts; reliability.md, Open 12 and 13).
        import('../../functions/src/platform/db/client.ts').then(({ dynamoDb }) => limitBulkWrites(dynamoDb, LOCAL_BULK_WRITES_IN_FLIGHT, () => !isApiFunction(runningFunction()))),
      ]),
    );
    // The broker needs neither stand-in; its authenticators load the functions at the first CONNECT.
    const mqttInternalToken = randomBytes(32).toString('base64url');
    const brokerStarting = modulesLoading.then(([{ startBroker }, { DEFAULT_HOST }]) =>
      timed(
        'broker',
        tracked(
          'broker',
          startBroker(options.mqttPort ?? 0, {
            internalToken: mqttInternalToken,
            host: options.host ?? DEFAULT_HOST,
            // Persistent sessions and their queued QoS 1 messages survive a restart, also a kill (decision 0065).
            sessionsDir: join(dataDir, 'mqtt-sessions'),
            onError: (error) => logger.error(`MQTT broker: ${error.message}`),
          }),
          (broker) => broker.stop,
        ),
      ),
    );
    const tableReady = dynamoStarting.then((dynamo) => timed('table', ensureTable(dynamo.endpoint, tableName, dynamo.tableNames)));
    // Connects and disconnects to the devices' presence handler, as IoT Core's lifecycle events on
    // AWS; from the broker's first client, recorded once the table is there.
    // A failed start is reported by allStarted below; a started tracker is stopped first (below).
    const presence = Promise.all([brokerStarting, modulesLoading])
      .then(([broker, [, , , , , { trackPresence, clearPresence }]]) =>
        trackPresence(broker.broker, tableReady.then(() => timed('presence cleared', clearPresence()))),
      )
      .catch(() => undefined);
    const [dynamo, cognito, [, portalServer, { startUplink }, { startLocalScheduler }, { republishDeviceConfigs }], broker] = await allStarted([
      dynamoStarting,
      cognitoStarting,
      modulesLoading,
      brokerStarting,
      tableReady,
    ]);
    const host = options.host ?? portalServer.DEFAULT_HOST;
    Object.assign(process.env, {
      COGNITO_ISSUER: cognito.issuer,
      COGNITO_CLIENT_ID: cognito.userPoolClientId,
      COGNITO_USER_POOL_ID: cognito.userPoolId,
      // The delivery port's MQTT adapter connects with this; devices use their own credentials.
      MQTT_URL: broker.tcpUrl,
      MQTT_INTERNAL_TOKEN: mqttInternalToken,
    });
    // Before the broker stops: no batch left to deliver, the portal's MQTT connection closed (no open handle).
    stopping('delivery', async () => {
      stopLocalDeliveryQueue();
      await closeDelivery();
    });
    await timed('seed', () => seedDemo(options.demo));
    // Takes up what the last run left queued (its journal), also when nothing is sent for a while.
    localDeliveryQueue();

    // Every device's configuration, retained, as the table has it now. The broker keeps retained
    // messages across restarts since decision 0065: only a configuration it does not already hold
    // as the table says it is published (a data directory from before 0065, a change whose publish
    // failed). In the background: after a kill with 500 watches reconnecting it took 78 and 176 s
    // (the soak's run 23), all of it an outage of the API while the server waited for it. A stop
    // lets the devices under way finish and publishes no more.
    const republishing = { stopped: false };
    const republish = timed(
      'republish',
      broker.retainedPayloads().then((retained) => republishDeviceConfigs(logger, retained, () => republishing.stopped)),
    ).then(
      (republished) => {
        if (republished.published) logger.info(`Republished the configuration of ${republished.published} device(s) (${republished.unchanged} retained as they are)`);
      },
      (error: unknown) => logger.error(`Device configurations not republished: ${(error as Error).message}`),
    );
    stopping('republish', async () => {
      republishing.stopped = true;
      await republish;
    });

    // Independent once the table, the seed and the broker are there, so at once.
    const [, , server] = await allStarted([
      // Device and user events to the modules' uplink handlers, as IoT rules do on AWS.
      timed('uplink', tracked('uplink', startUplink({ url: broker.tcpUrl, internalToken: mqttInternalToken, sessionId: UPLINK_SESSION_ID, journalDir: join(dataDir, 'uplink-journal') }), (uplink) => uplink.stop)),
      // Scheduled handlers publish through the broker (the environment is complete).
      timed('scheduler', tracked('scheduler', startLocalScheduler(), (scheduler) => scheduler.stop)),
      timed(
        'portal server',
        tracked(
          'portal server',
          portalServer.startPortalServer({
            port: options.port,
            host,
            frontendDist: options.frontendDist,
            region: REGION,
            userPoolId: cognito.userPoolId,
            userPoolClientId: cognito.userPoolClientId,
            cognitoEndpoint: cognito.endpoint,
            handleMqttUpgrade: broker.handleUpgrade,
          }),
          (started: Server) => () => portalServer.stopPortalServer(started),
        ),
      ),
    ]);

    // Stops first: the disconnects of the broker's last clients are not written to a table that is stopping.
    stopping('presence', async () => (await presence)?.stop());
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    return {
      url: `http://${displayHost(host)}:${port}`,
      port,
      tableName,
      dynamoDbEndpoint: dynamo.endpoint,
      cognitoEndpoint: cognito.endpoint,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      issuer: cognito.issuer,
      mqttTcpUrl: broker.tcpUrl,
      mqttInternalToken,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Like Promise.all, but settles only when every one has settled, so that what did start has
 * registered its stop before the caller stops everything after a failure.
 */
async function allStarted<T extends readonly unknown[]>(starting: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(starting);
  const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** The name to print for a bind address: localhost for loopback and every-interface binds. */
function displayHost(host: string): string {
  if (host === '127.0.0.1' || host === 'localhost' || host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
