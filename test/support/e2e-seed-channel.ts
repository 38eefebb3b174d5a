import { createInterface } from 'node:readline';

/**
 * Preloaded into the browser tests' portal processes only (`node --import tsx --import
 * test/support/e2e-seed-channel.ts infra/local/main.ts`, e2e-fixture.ts; decision 0085): a line
 * `seed <file key>` on stdin seeds that test file's demo organisation (e2e-organizations.ts) in the
 * portal's own process, where the runtime's in-process delivery queue and scheduler run, as the
 * first start seeds the demo organisation; it answers `[e2e-seed] <key> done` or
 * `[e2e-seed] <key> failed: <message>` on stdout, which the harness captures anyway. One seed at a
 * time. Nothing else of the runtime changes; `npm start` never loads it.
 */
const lines = createInterface({ input: process.stdin });
// Never what keeps the process alive: the portal exits on its own at Ctrl-C (main.ts).
process.stdin.unref();
let seeding = Promise.resolve();
lines.on('line', (line) => {
  const key = /^seed ([a-z0-9-]+)$/.exec(line.trim())?.[1];
  if (!key) return;
  seeding = seeding.then(async () => {
    try {
      const [{ seedDemo }, { e2eFileDemo }] = await Promise.all([import('../../infra/local/seed.ts'), import('./e2e-organizations.ts')]);
      await seedDemo(e2eFileDemo(key));
      process.stdout.write(`[e2e-seed] ${key} done\n`);
    } catch (error) {
      process.stdout.write(`[e2e-seed] ${key} failed: ${String((error as Error).message).replace(/\s+/g, ' ')}\n`);
    }
  });
});
