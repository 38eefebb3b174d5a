/**
 * Preloaded into the soak's portal process only (`node --expose-gc --import tsx --import
 * test/soak/heap-probe.ts infra/local/main.ts`, startSeededPortal's `nodeArgs`; decision 0067): on
 * SIGUSR2 it runs a full garbage collection and prints one line with what is still live, which the
 * harness reads from the output it captures anyway (test/soak/portal-memory.ts). Nothing else of the
 * runtime changes; `npm start` never loads it.
 */
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, external, rss } = process.memoryUsage();
  process.stdout.write(`[soak-heap] ${heapUsed} ${external} ${rss}\n`);
});
