import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { decodeBatch, decodeRecord } from '../../functions/src/platform/delivery/delivery-queue.port.ts';
import { batchesOf } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { createInProcessDeliveryQueue } from './delivery-queue.ts';

const ref = { module: 'notifications' as const, kind: 'notification', id: 'n1' };
const people = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: `u${i}`, groupNumber: 0 }));

describe('in-process delivery queue', () => {
  it("hands batches to the module's delivery handler as SQS records, and brings a reported failure back with its receive count", async () => {
    const seen: Array<{ module: string; recipients: number; receiveCount: string }> = [];
    let failOnce = true;
    const events: number[] = [];
    const queue = createInProcessDeliveryQueue({
      retryDelayMs: 1,
      recordsPerEvent: 2,
      loadHandler: async (module) => async (event: SQSEvent) => {
        events.push(event.Records.length);
        const failures: Array<{ itemIdentifier: string }> = [];
        for (const record of event.Records) {
          seen.push({ module, recipients: decodeBatch(record.body).recipients.length, receiveCount: record.attributes.ApproximateReceiveCount });
          if (failOnce && decodeBatch(record.body).recipients.length === 1) {
            failOnce = false;
            failures.push({ itemIdentifier: record.messageId });
          }
        }
        return { batchItemFailures: failures };
      },
    });
    await queue.enqueue(batchesOf('o1', ref, people(1_001)));
    await queue.idle();
    expect(seen).toEqual([
      { module: 'notifications', recipients: 500, receiveCount: '1' },
      { module: 'notifications', recipients: 500, receiveCount: '1' },
      { module: 'notifications', recipients: 1, receiveCount: '1' },
      { module: 'notifications', recipients: 1, receiveCount: '2' },
    ]);
    expect(events).toEqual([2, 1, 1]);
    expect(queue.deadLetters).toEqual([]);
  });

  it('keeps what is queued waiting while held, and hands it on once every hold is released', async () => {
    const seen: number[] = [];
    const queue = createInProcessDeliveryQueue({
      loadHandler: async () => async (event: SQSEvent) => {
        seen.push(event.Records.length);
        return { batchItemFailures: [] };
      },
    });
    const release = queue.hold();
    const again = queue.hold();
    await queue.enqueue(batchesOf('o1', ref, people(3)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
    again();
    await queue.idle();
    expect(seen).toEqual([1]);
  });

  it('gives a batch up after maxReceives failures (the dead-letter queue on AWS)', async () => {
    let calls = 0;
    const queue = createInProcessDeliveryQueue({
      retryDelayMs: 1,
      maxReceives: 3,
      loadHandler: async () => async () => {
        calls++;
        throw new Error('broker down');
      },
    });
    const [batch] = batchesOf('o1', ref, people(2));
    await queue.enqueue([batch!]);
    await queue.idle();
    expect(calls).toBe(3);
    expect(queue.deadLetters).toEqual([batch]);
  });

  it('waits twice as long before each receive as before the one before (4, 8, 16, 32 s by default), so five receives outlast a minute-long outage', async () => {
    // Seed 1 of the soak (docs/reliability.md, Open, 7): DynamoDB Local down 27.5 s outlasted five
    // receives one second apart, and a fired template's job was buried. The queue's clock is faked
    // here (setTimeout and Date only): the test reads when each receive came on that clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const start = Date.now();
      const receives: number[] = [];
      const queue = createInProcessDeliveryQueue({
        maxReceives: 5,
        loadHandler: async () => async () => {
          receives.push(Date.now() - start);
          // The table is back 50 s after the first receive: the fifth receive (at 60 s) delivers.
          if (Date.now() - start < 50_000) throw new Error('table unreachable');
          return { batchItemFailures: [] };
        },
      });
      const [batch] = batchesOf('o1', ref, people(2));
      await queue.enqueue([batch!]);
      // The first receive comes on setImmediate (real), then each retry on the faked clock.
      await new Promise((resolve) => setImmediate(resolve));
      for (let second = 0; second < 70; second++) await vi.advanceTimersByTimeAsync(1_000);
      await queue.idle();
      expect(receives).toEqual([0, 4_000, 12_000, 28_000, 60_000]);
      expect(queue.deadLetters).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives each module its own lane: a module's backlog holds up no other module's records (Open 13)", async () => {
    const started: string[] = [];
    let release!: () => void;
    const blocked = new Promise<void>((go) => (release = go));
    const queue = createInProcessDeliveryQueue({
      recordsPerEvent: 1,
      loadHandler: async (module) => async (event: SQSEvent) => {
        started.push(module);
        if (module === 'notifications') await blocked;
        expect(event.Records).toHaveLength(1);
        return { batchItemFailures: [] };
      },
    });
    // Three events of notifications, two lanes' worth in flight and one waiting, then an action's job.
    await queue.enqueue(batchesOf('o1', ref, people(1_001)));
    await queue.enqueueJobs([{ orgId: 'o1', module: 'actions', kind: 'action.forward', payload: { id: 'a1' } }]);
    await vi.waitFor(() => expect(started).toEqual(['notifications', 'notifications', 'actions']));
    release();
    await queue.idle();
    expect(started).toEqual(['notifications', 'notifications', 'actions', 'notifications']);
  });

  it("hands jobs to their module's handler like batches, retries a failed one and buries it after maxReceives", async () => {
    const seen: Array<{ module: string; kind: string; receiveCount: string }> = [];
    const queue = createInProcessDeliveryQueue({
      retryDelayMs: 1,
      maxReceives: 2,
      loadHandler: async (module) => async (event: SQSEvent) => {
        const failures: Array<{ itemIdentifier: string }> = [];
        for (const record of event.Records) {
          const decoded = decodeRecord(record.body);
          if (!('job' in decoded)) throw new Error('expected a job');
          seen.push({ module, kind: decoded.job.kind, receiveCount: record.attributes.ApproximateReceiveCount });
          if (decoded.job.kind === 'broken') failures.push({ itemIdentifier: record.messageId });
        }
        return { batchItemFailures: failures };
      },
    });
    const broken = { orgId: 'o1', module: 'tasks' as const, kind: 'broken', payload: { id: 't1' } };
    await queue.enqueueJobs([{ orgId: 'o1', module: 'actions', kind: 'from_template', payload: { id: 'a1' } }, broken]);
    await queue.idle();
    expect(seen).toEqual([
      { module: 'actions', kind: 'from_template', receiveCount: '1' },
      { module: 'tasks', kind: 'broken', receiveCount: '1' },
      { module: 'tasks', kind: 'broken', receiveCount: '2' },
    ]);
    expect(queue.deadLetters).toEqual([broken]);
  });

  it("keeps a delayed job until its DelaySeconds have passed (a short action step), outside idle, and drops it on stop", async () => {
    const seen: Array<[string, number]> = [];
    const started = Date.now();
    const queue = createInProcessDeliveryQueue({
      loadHandler: async () => async (event: SQSEvent) => {
        for (const record of event.Records) {
          const decoded = decodeRecord(record.body);
          if ('job' in decoded) seen.push([(decoded.job.payload as { n: string }).n, Date.now() - started]);
        }
        return { batchItemFailures: [] };
      },
    });
    await queue.enqueueJobs([
      { orgId: 'o1', module: 'actions', kind: 'action.forward', payload: { n: 'later' }, delaySeconds: 1 },
      { orgId: 'o1', module: 'actions', kind: 'action.forward', payload: { n: 'now' } },
    ]);
    // A step's time-out waiting is not work in flight: idle() does not wait for it.
    await queue.idle();
    expect(seen.map(([n]) => n)).toEqual(['now']);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(seen.map(([n]) => n)).toEqual(['now', 'later']);
    expect(seen[1]![1]).toBeGreaterThanOrEqual(1_000);

    // Stopped (runtime shutdown), a delayed job is dropped: its timer neither fires nor throws.
    await queue.enqueueJobs([{ orgId: 'o1', module: 'actions', kind: 'action.forward', payload: { n: 'dropped' }, delaySeconds: 1 }]);
    queue.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(seen.map(([n]) => n)).toEqual(['now', 'later']);
  });

  it('takes up, on the same journal, what a killed queue had not finished: the batch under way and a delayed job at its time (soak seed 1)', async () => {
    const journalDir = mkdtempSync(join(tmpdir(), 'delivery-journal-'));
    try {
      // The first queue's consumer never finishes (the process is SIGKILLed under it): nothing is done.
      const killed = createInProcessDeliveryQueue({ journalDir, loadHandler: async () => () => new Promise(() => undefined) });
      await killed.enqueue(batchesOf('o1', ref, people(3)));
      await killed.enqueueJobs([{ orgId: 'o1', module: 'actions', kind: 'action.forward', payload: { n: 'step' }, delaySeconds: 1 }]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(readdirSync(journalDir)).toHaveLength(2);

      const seen: string[] = [];
      const started = Date.now();
      const restarted = createInProcessDeliveryQueue({
        journalDir,
        loadHandler: async () => async (event: SQSEvent) => {
          for (const record of event.Records) {
            const decoded = decodeRecord(record.body);
            seen.push('job' in decoded ? `job ${(decoded.job.payload as { n: string }).n} after ${Date.now() - started >= 900 ? 'its delay' : 'none'}` : `batch of ${decoded.batch.recipients.length}`);
          }
          return { batchItemFailures: [] };
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(seen).toEqual(['batch of 3', 'job step after its delay']);
      // Done, so forgotten: a third start delivers nothing again.
      expect(readdirSync(journalDir)).toEqual([]);
      restarted.stop();
      killed.stop();
    } finally {
      rmSync(journalDir, { recursive: true, force: true });
    }
  });
});
