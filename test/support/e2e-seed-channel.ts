import { createInterface } from 'node:readline';

/**
 * Preloaded into the browser tests' portal processes only (`node --import tsx --import
 * test/support/e2e-seed-channel.ts infra/local/main.ts`, e2e-fixture.ts; decision 0085). A line on
 * stdin asks the portal's own process, where the runtime's in-process delivery queue and scheduler
 * run:
 * - `seed <file key>`: seed that test file's demo organisation (e2e-organizations.ts), as the first
 *   start seeds the demo organisation; answered `[e2e-seed] <key> done`;
 * - `clock <ISO time>` or `clock real`: move the local scheduler's clock there, or give it back the
 *   real time (infra/local/scheduler-clock.ts); answered `[e2e-seed] clock <…> done`.
 * A failure is answered `[e2e-seed] <…> failed: <message>`, on stdout, which the harness captures
 * anyway. One request at a time. Nothing else of the runtime changes; `npm start` never loads it.
 */
const lines = createInterface({ input: process.stdin });
// Never what keeps the process alive: the portal exits on its own at Ctrl-C (main.ts).
process.stdin.unref();

/** What a line asks: the name its answer carries, and the work. */
function requestOf(line: string): { name: string; run: () => Promise<void> } | undefined {
  const seed = /^seed ([a-z0-9-]+)$/.exec(line)?.[1];
  if (seed)
    return {
      name: seed,
      run: async () => {
        const [{ seedDemo }, { e2eFileDemo }] = await Promise.all([import('../../infra/local/seed.ts'), import('./e2e-organizations.ts')]);
        await seedDemo(e2eFileDemo(seed));
      },
    };
  const clock = /^clock (real|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{3})?Z)$/.exec(line)?.[1];
  if (clock)
    return {
      name: `clock ${clock}`,
      run: async () => (await import('../../infra/local/scheduler-clock.ts')).setSchedulerClock(clock === 'real' ? null : new Date(clock)),
    };
  return undefined;
}

let working = Promise.resolve();
lines.on('line', (line) => {
  const request = requestOf(line.trim());
  if (!request) return;
  working = working.then(async () => {
    try {
      await request.run();
      process.stdout.write(`[e2e-seed] ${request.name} done\n`);
    } catch (error) {
      process.stdout.write(`[e2e-seed] ${request.name} failed: ${String((error as Error).message).replace(/\s+/g, ' ')}\n`);
    }
  });
});
