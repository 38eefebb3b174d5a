import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import { DEFAULT_LOCAL_TABLE_NAME } from '@portal/shared/db/table';
import { startBroker } from './broker.ts';
import { startCognitoLocal } from './cognito-local.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { ensureTable, startDynamoDbLocal } from './dynamodb-local.ts';
import { registerLocalAdapters, stopLocalDeliveryQueue } from './functions.ts';
import { startLambdaInvokeServer } from './lambda-invoke.server.ts';
import { startLocalScheduler } from './local-scheduler.ts';
import { logger } from './log.ts';
import { freePort } from './net-utils.ts';
import { DEFAULT_HOST, startPortalServer } from './portal.server.ts';
import { republishDeviceConfigs } from './republish-config.ts';
import { seedDemo, type DemoSeed } from './seed.ts';
import { startUplink } from './uplink.ts';

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

/**
 * Starts every stand-in and the portal on one machine. The functions are configured only through
 * the same environment variables Lambda gives them; no code path branches on "local".
 */
export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const dataDir = resolve(options.dataDir);
  const host = options.host ?? DEFAULT_HOST;
  // The delivery and scheduling ports' local adapters, before anything loads a handler or a service.
  registerLocalAdapters();
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };
  try {
    const [dynamoDbPort, cognitoPort, lambdaPort, mqttPort] = await Promise.all([
      options.dynamoDbPort ?? freePort(),
      options.cognitoPort ?? freePort(),
      freePort(),
      options.mqttPort ?? freePort(),
    ]);
    const lambda = await startLambdaInvokeServer(lambdaPort);
    stops.push(() => new Promise((done) => lambda.server.close(() => done())));

    const [dynamo, cognito] = await Promise.all([
      startDynamoDbLocal(join(dataDir, 'dynamodb'), dynamoDbPort),
      startCognitoLocal({
        dir: join(dataDir, 'cognito'),
        port: cognitoPort,
        lambdaEndpoint: lambda.endpoint,
        preTokenGenerationFunction: 'pre-token-generation',
      }),
    ]);
    stops.push(dynamo.stop, cognito.stop);

    const tableName = process.env.TABLE_NAME ?? DEFAULT_LOCAL_TABLE_NAME;
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      AWS_REGION: REGION,
      COGNITO_ISSUER: cognito.issuer,
      COGNITO_CLIENT_ID: cognito.userPoolClientId,
      COGNITO_USER_POOL_ID: cognito.userPoolId,
      COGNITO_ENDPOINT: cognito.endpoint,
      // The scheduling port's table adapter; the local scheduler below fires its rows.
      SCHEDULER: 'table',
      // The delivery queue port's in-process adapter: sends go to the delivery handlers in this process.
      DELIVERY_QUEUE: 'in-process',
      // The storage port's file adapter (the organisation's logo): S3's place on this machine.
      ASSETS_DIR: join(dataDir, 'assets'),
    });
    await ensureTable(dynamo.endpoint, tableName);
    await seedDemo(options.demo);

    // The delivery port's MQTT adapter connects with this; devices use their own credentials.
    const mqttInternalToken = randomBytes(32).toString('base64url');
    const broker = await startBroker(mqttPort, { internalToken: mqttInternalToken, host });
    stops.push(broker.stop);
    Object.assign(process.env, { MQTT_URL: broker.tcpUrl, MQTT_INTERNAL_TOKEN: mqttInternalToken });
    // Before the broker stops: no batch left to deliver, the portal's MQTT connection closed (no open handle).
    stops.push(async () => {
      stopLocalDeliveryQueue();
      await closeDelivery();
    });
    // Device and user events to the modules' uplink handlers, as IoT rules do on AWS.
    const uplink = await startUplink({ url: broker.tcpUrl, internalToken: mqttInternalToken });
    stops.push(uplink.stop);
    // aedes forgets retained messages on restart: put every device's configuration back (IoT Core keeps them).
    const republished = await republishDeviceConfigs(logger);
    if (republished) logger.info(`Republished the configuration of ${republished} device(s)`);

    // After the environment is complete: scheduled handlers publish through the broker.
    const scheduler = await startLocalScheduler();
    stops.push(scheduler.stop);

    const server: Server = await startPortalServer({
      port: options.port,
      host,
      frontendDist: options.frontendDist,
      region: REGION,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      cognitoEndpoint: cognito.endpoint,
      handleMqttUpgrade: broker.handleUpgrade,
    });
    stops.push(
      () =>
        new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
    );
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

/** The name to print for a bind address: localhost for loopback and every-interface binds. */
function displayHost(host: string): string {
  if (host === '127.0.0.1' || host === 'localhost' || host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
