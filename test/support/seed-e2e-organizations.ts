/**
 * `tsx test/support/seed-e2e-organizations.ts <DATA_DIR> <file key>...` (seedDataDir): the local
 * runtime on DATA_DIR as `npm start` starts it (which seeds the demo organisation on a first start),
 * then the demo once more for each browser test file (e2e-organizations.ts), in this process, where
 * the runtime's in-process delivery queue and scheduler run; then it stops.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalRuntime } from '../../infra/local/runtime.ts';
import { DEMO_DEFAULTS, seedDemo } from '../../infra/local/seed.ts';
import { e2eFileDemo } from './e2e-organizations.ts';

/** Organisations seeded at once: their services' calls interleave on DynamoDB Local and cognito-local. */
const AT_ONCE = 3;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [dataDir, ...keys] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: seed-e2e-organizations.ts <DATA_DIR> <file key>...');

const runtime = await startLocalRuntime({ port: 0, dataDir, frontendDist: join(root, 'frontend', 'dist'), demo: DEMO_DEFAULTS });
try {
  const queue = [...keys];
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let key = queue.shift(); key; key = queue.shift()) await seedDemo(e2eFileDemo(key));
    }),
  );
} finally {
  await runtime.stop();
}
console.log(`Seeded ${keys.length} organisation(s)`);
// As main.ts after its stop: a client of the stopped runtime must not keep this process.
process.exit(0);
