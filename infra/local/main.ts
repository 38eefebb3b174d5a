import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrontend, frontendIsStale } from './frontend-build.ts';
import { logger } from './log.ts';
import { startLocalRuntime, timed } from './runtime.ts';
import { DEMO_DEFAULTS } from './seed.ts';

/** `npm start`: the whole portal on one machine, configured by environment variables (README). */
// Node 20 is supported here (README); the SDK's notice about its own future Node 22 floor is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// Embedded default: sign-up works out of the box with this code (README, configuration).
process.env.SIGNUP_CODES ??= 'DEMO-SIGNUP';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const frontendDist = resolve(process.env.FRONTEND_DIST ?? join(root, 'frontend', 'dist'));
const optionalPort = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

// Only the default dist is ours to rebuild; a FRONTEND_DIST given by the caller is served as is.
// With LOCAL_RUNTIME_TIMINGS=1: when this module's imports were done (tsx and npm come before).
await timed('main.ts imports', Promise.resolve());
if (!process.env.FRONTEND_DIST && (await timed('frontend staleness check', async () => frontendIsStale(root, frontendDist)))) {
  logger.info('Building the frontend...');
  buildFrontend(root);
}

const started = Date.now();
const runtime = await startLocalRuntime({
  port: Number(process.env.PORT ?? 3000),
  // Loopback unless HOST says otherwise: the demo password is printed below and in the README.
  host: process.env.HOST || undefined,
  dataDir: process.env.DATA_DIR ?? join(root, '.data'),
  frontendDist,
  dynamoDbPort: optionalPort('DYNAMODB_PORT'),
  cognitoPort: optionalPort('COGNITO_PORT'),
  mqttPort: optionalPort('MQTT_PORT'),
  demo: {
    ...DEMO_DEFAULTS,
    email: process.env.DEMO_ADMIN_EMAIL ?? DEMO_DEFAULTS.email,
    password: process.env.DEMO_ADMIN_PASSWORD ?? DEMO_DEFAULTS.password,
    history: process.env.DEMO_HISTORY !== '0',
  },
}).catch((error: Error) => {
  logger.error(error.message);
  process.exit(1);
});

console.log(
  [
    '',
    `  Portal ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${runtime.url}`,
    `  Sign in as ${process.env.DEMO_ADMIN_EMAIL ?? DEMO_DEFAULTS.email} / ${process.env.DEMO_ADMIN_PASSWORD ?? DEMO_DEFAULTS.password}`,
    `  MQTT: ${runtime.mqttTcpUrl} (TCP), ${runtime.url.replace('http', 'ws')}/mqtt (WebSocket)`,
    '  Press Ctrl-C to stop.',
    '',
  ].join('\n'),
);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  logger.info('Stopping...');
  await runtime.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
