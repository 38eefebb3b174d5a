import { describe, expect, it } from 'vitest';
import { formatReport, runSoak } from './run-soak.ts';

/**
 * The soak's 60 s run, the vitest project `soak` of `npm test` (docs/reliability.md; alone
 * `npm run test:soak`), so CI runs it on every change: 60 s of load on 100
 * watches and 4 admins with four faults (the portal, and with it the broker, SIGKILLed and
 * restarted; DynamoDB Local killed and restarted; watches dropping mid-answer; a scheduled job
 * fired twice), then the audit, which must find nothing lost, duplicated or stuck and the portal's
 * live memory after a full collection within 20 % of its warm-up figure. Seed 1 unless
 * SOAK_SEED says otherwise: the seed that found the in-memory queue and broker session losses,
 * the action step racing its own send, the task start an outage broke off, the answers left
 * without a reply, the buried job and the 202 presses not stored (docs/reliability.md, Open), kept
 * as their regression;
 * it is printed with the fault plan and the report. New seeds: `npm run soak` or SOAK_SEED here.
 */
const REGRESSION_SEED = 1;

describe('soak, short', () => {
  it('loses, duplicates and leaves stuck nothing through four faults', async () => {
    const seed = process.env.SOAK_SEED ? Number(process.env.SOAK_SEED) : REGRESSION_SEED;
    const started = Date.now();
    // Each line as it comes, so a run that does not end shows how far it got and what it waits for.
    const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
    const result = await runSoak({ seed, seconds: 60, watches: 100, admins: 4, faults: 4, log });
    console.log(formatReport(result));
    expect(result.faults.map((f) => f.kind).sort()).toEqual(['dynamodb-killed', 'portal-killed', 'schedule-fired-twice', 'watch-drops-mid-answer']);
    // The seed decides the plan (docs/reliability.md, "Runs"): the same faults at the same moments every run.
    if (seed === REGRESSION_SEED) expect(result.faults.map((f) => `${f.kind} at ${f.atSeconds} s`)).toEqual(['portal-killed at 17 s', 'watch-drops-mid-answer at 30 s', 'schedule-fired-twice at 44 s', 'dynamodb-killed at 44 s']);
    expect(result.faults.filter((f) => f.detail.startsWith('failed'))).toEqual([]);
    expect(result.figures.find(([name]) => name === '  item messages expected at recipients')?.[1]).toBeGreaterThan(0);
    expect(result.losses).toEqual([]);
  }, 900_000);
});
