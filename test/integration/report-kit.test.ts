import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TABLE_DEFINITION } from '@portal/shared/db/table';
import { durationCount, medianOf, percentileOf, rateOf } from '@portal/shared/reports/durations';
import { env } from '../../functions/src/platform/config.ts';
import { documentClient } from '../../functions/src/platform/db/client.ts';
import { localTimeOf, type FactContent } from '../../functions/src/platform/reports/fact-content.ts';
import { readFacts } from '../../functions/src/platform/reports/read-facts.ts';
import { mergeByDate, mergeByValue, readRollups } from '../../functions/src/platform/reports/read-rollups.ts';
import { refreshFact } from '../../functions/src/platform/reports/refresh-fact.ts';

/**
 * The reports kit (decision 0087, docs/data-model.md §3.12, AP94–AP96) on DynamoDB Local: a fact's
 * refresh moves the rollups by exactly its difference, once, under repeats and races, and the rows
 * read back as exact counts and durations. The contents are shaped as an action's would be.
 */
const ZONE = 'Europe/Berlin';
const TTL = TABLE_DEFINITION.timeToLiveAttribute;
const DAY_S = 86_400;
const pad = (n: number) => String(n).padStart(2, '0');
const newOrg = () => `org-${randomUUID()}`;

interface Action {
  template?: string;
  acceptMs?: number;
  expired?: boolean;
}

/** An action's fact as a module would derive it: ALL, TEMPLATE and HOUR rows of its send's local day. */
function actionFact(instant: string, action: Action = {}): FactContent {
  const { localDate, localHour } = localTimeOf(instant, ZONE);
  const counters: Record<string, number> = { n: 1, ...(action.acceptMs !== undefined ? { acc: 1 } : {}), ...(action.expired ? { exp: 1 } : {}) };
  const durations = action.acceptMs !== undefined ? [action.acceptMs] : [];
  const rows = [
    { dimension: 'ALL', value: '-' },
    { dimension: 'TEMPLATE', value: action.template ?? '-' },
    { dimension: 'HOUR', value: pad(localHour) },
  ];
  return {
    instant,
    localDate,
    localHour,
    contribution: rows.map((row) => ({ kind: 'ACTION', ...row, date: localDate, counters, durations })),
    columns: { template_id: action.template ?? null, first_accept_ms: action.acceptMs ?? null, labels: ['a', 'b'] },
  };
}

/** Refreshes an action whose item reads as `content` (null: gone). */
const refresh = (orgId: string, itemId: string, content: FactContent | null) => refreshFact({ orgId, kind: 'ACTION', itemId, read: async () => content });

/** Every raw row of a partition, as DynamoDB holds it. */
async function partition(pk: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(new QueryCommand({ TableName: env.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const facts = (orgId: string) => partition(`ORG#${orgId}#RFACT#ACTION`);
const rollups = (orgId: string, dimension: string) => partition(`ORG#${orgId}#ROLLUP#ACTION#${dimension}`);
/** Every row the kit wrote for an organisation's actions. */
const everything = async (orgId: string) => [...(await facts(orgId)), ...(await rollups(orgId, 'ALL')), ...(await rollups(orgId, 'TEMPLATE')), ...(await rollups(orgId, 'HOUR'))];
const row = async (orgId: string, dimension: string, sk: string) => (await rollups(orgId, dimension)).find((item) => item.sk === sk);

/** The day's ALL row, as the reader gives it. */
async function allOf(orgId: string, date: string) {
  const rows = await readRollups({ orgId, kind: 'ACTION', dimension: 'ALL', from: date, to: date });
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/**
 * Counts the transactions sent, and those cancelled for a conflict. DynamoDB Local runs
 * transactions one at a time and never reports a conflict (40 refreshes of one row at once gave
 * none), so the first `conflicts` transactions are answered as DynamoDB answers a conflict, unsent.
 */
function watchTransactions(conflicts = 0) {
  const seen = { sent: 0, conflicts: 0 };
  const send = documentClient.send.bind(documentClient) as (command: unknown) => Promise<unknown>;
  vi.spyOn(documentClient, 'send').mockImplementation((async (command: unknown) => {
    if (!(command instanceof TransactWriteCommand)) return send(command);
    seen.sent++;
    if (seen.conflicts < conflicts) {
      seen.conflicts++;
      const items = command.input.TransactItems ?? [];
      throw new TransactionCanceledException({
        message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict]',
        $metadata: {},
        CancellationReasons: items.map((_, i) => ({ Code: i === items.length - 1 ? 'TransactionConflict' : 'None' })),
      });
    }
    try {
      return await send(command);
    } catch (error) {
      const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
      if (reasons.some((reason) => reason.Code === 'TransactionConflict')) seen.conflicts++;
      throw error;
    }
  }) as typeof documentClient.send);
  return seen;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reports kit: refreshFact (AP94)', () => {
  it('writes the fact, its ref and the rollup rows on the first refresh', async () => {
    const orgId = newOrg();
    const content = actionFact('2026-03-02T09:15:00.250Z', { template: 'tpl-a', acceptMs: 20_000 });
    expect(await refresh(orgId, 'a1', content)).toBe('created');

    const [fact, ref] = await facts(orgId);
    expect(fact).toMatchObject({ sk: '2026-03-02T09:15:00.250Z#a1', __edb_e__: 'reportFact', factRev: 1, localDate: '2026-03-02', localHour: 10, columns: content.columns });
    expect(ref).toMatchObject({ sk: 'ITEM#a1', __edb_e__: 'reportFactRef', instant: '2026-03-02T09:15:00.250Z', factRev: 1 });
    expect(await allOf(orgId, '2026-03-02')).toEqual({ date: '2026-03-02', value: '-', counters: { n: 1, acc: 1 }, durations: { 20_000: 1 } });
    expect(await row(orgId, 'TEMPLATE', '2026-03-02#tpl-a')).toMatchObject({ n: 1, acc: 1, m20000: 1, __edb_e__: 'reportRollup' });
    expect(await row(orgId, 'HOUR', '2026-03-02#10')).toMatchObject({ n: 1, acc: 1, m20000: 1 });
  });

  it('writes nothing when a refresh finds the same content', async () => {
    const orgId = newOrg();
    const content = actionFact('2026-03-02T09:15:00.000Z', { template: 'tpl-a', acceptMs: 20_000 });
    await refresh(orgId, 'a1', content);
    const before = await everything(orgId);

    const seen = watchTransactions();
    // The same content read again, its maps in another order (as DynamoDB may return them).
    const again = { ...structuredClone(content), columns: { labels: ['a', 'b'], first_accept_ms: 20_000, template_id: 'tpl-a' } };
    expect(await refresh(orgId, 'a1', again)).toBe('unchanged');
    expect(await refresh(orgId, 'a1', content)).toBe('unchanged');
    expect(seen.sent).toBe(0);
    expect(await everything(orgId)).toEqual(before);
  });

  it('moves the counts by the difference: counters down to 0 stay, a duration is replaced', async () => {
    const orgId = newOrg();
    const sent = '2026-03-02T09:15:00.000Z';
    await refresh(orgId, 'a1', actionFact(sent, { template: 'tpl-a', acceptMs: 20_000 }));
    await refresh(orgId, 'a2', actionFact(sent, { template: 'tpl-a', acceptMs: 20_000 }));

    // a1: another template, and its first accept earlier than it was.
    expect(await refresh(orgId, 'a1', actionFact(sent, { template: 'tpl-b', acceptMs: 5_000 }))).toBe('updated');
    expect(await allOf(orgId, '2026-03-02')).toEqual({ date: '2026-03-02', value: '-', counters: { n: 2, acc: 2 }, durations: { 5_000: 1, 20_000: 1 } });
    expect(await row(orgId, 'TEMPLATE', '2026-03-02#tpl-a')).toMatchObject({ n: 1, acc: 1, m20000: 1 });
    expect(await row(orgId, 'TEMPLATE', '2026-03-02#tpl-b')).toMatchObject({ n: 1, acc: 1, m5000: 1 });

    // a1 again: no accept after all, and expired (acc −1 and m5000 −1 to 0; exp +1).
    await refresh(orgId, 'a1', actionFact(sent, { template: 'tpl-b', expired: true }));
    const tplB = await row(orgId, 'TEMPLATE', '2026-03-02#tpl-b');
    expect(tplB).toMatchObject({ n: 1, acc: 0, exp: 1, m5000: 0 });
    // The reader skips the zeros.
    const byValue = mergeByValue(await readRollups({ orgId, kind: 'ACTION', dimension: 'TEMPLATE', from: '2026-03-02', to: '2026-03-02' }));
    expect(byValue).toEqual([
      { key: 'tpl-a', counters: { n: 1, acc: 1 }, durations: { 20_000: 1 } },
      { key: 'tpl-b', counters: { n: 1, exp: 1 }, durations: {} },
    ]);
    const [fact] = await facts(orgId);
    expect(fact).toMatchObject({ sk: `${sent}#a1`, factRev: 3, columns: { template_id: 'tpl-b', first_accept_ms: null } });
  });

  it('ends exact when refreshes of one item race, the loser reading again', async () => {
    const orgId = newOrg();
    const sent = '2026-03-02T09:15:00.000Z';
    const seen = watchTransactions();
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => refresh(orgId, 'a1', actionFact(sent, { acceptMs: 7_000 }))));
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'unchanged')).toHaveLength(5);
    expect(await allOf(orgId, '2026-03-02')).toMatchObject({ counters: { n: 1, acc: 1 }, durations: { 7_000: 1 } });
    expect(seen.sent).toBeGreaterThanOrEqual(1);

    // A refresh that read the fact, then an old item, and writes after another refresh wrote the
    // newer one: its condition fails, it reads both again and finds nothing left to do.
    let item = actionFact(sent, { acceptMs: 7_000, template: 'tpl-old' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const slow = refreshFact({
      orgId,
      kind: 'ACTION',
      itemId: 'a1',
      read: async () => {
        const seenNow = item;
        if (++reads === 1) await gate;
        return seenNow;
      },
    });
    await vi.waitFor(() => expect(reads).toBe(1));
    item = actionFact(sent, { acceptMs: 3_000, template: 'tpl-new' });
    expect(await refresh(orgId, 'a1', item)).toBe('updated');
    release();
    expect(await slow).toBe('unchanged');
    expect(reads).toBe(2);
    expect(await allOf(orgId, '2026-03-02')).toMatchObject({ counters: { n: 1, acc: 1 }, durations: { 3_000: 1 } });
    expect(mergeByValue(await readRollups({ orgId, kind: 'ACTION', dimension: 'TEMPLATE', from: '2026-03-02', to: '2026-03-02' }))).toEqual([
      { key: 'tpl-new', counters: { n: 1, acc: 1 }, durations: { 3_000: 1 } },
    ]);
  });

  it('counts both items when two refresh the same rollup rows at once, a conflict retried', async () => {
    const orgId = newOrg();
    const seen = watchTransactions(3);
    const outcomes = await Promise.all([
      refresh(orgId, 'a1', actionFact('2026-03-02T09:15:00.000Z', { acceptMs: 1_000 })),
      refresh(orgId, 'a2', actionFact('2026-03-02T09:45:00.000Z', { acceptMs: 1_000 })),
    ]);
    expect(outcomes).toEqual(['created', 'created']);
    expect(seen).toEqual({ sent: 2 + 3, conflicts: 3 });
    expect(await allOf(orgId, '2026-03-02')).toMatchObject({ counters: { n: 2, acc: 2 }, durations: { 1_000: 2 } });
    expect(await row(orgId, 'HOUR', '2026-03-02#10')).toMatchObject({ n: 2, acc: 2, m1000: 2 });
  });

  it('counts every item when many refresh the same rollup rows at once', async () => {
    const orgId = newOrg();
    const items = Array.from({ length: 12 }, (_, i) => `a${i}`);
    const outcomes = await Promise.all(items.map((id, i) => refresh(orgId, id, actionFact(`2026-03-02T09:15:00.${pad(i)}0Z`, { acceptMs: 1_000 * (i % 3) }))));
    expect(outcomes).toEqual(items.map(() => 'created'));
    const all = await allOf(orgId, '2026-03-02');
    expect(all.counters).toEqual({ n: 12, acc: 12 });
    expect(all.durations).toEqual({ 0: 4, 1_000: 4, 2_000: 4 });
  });

  it('moves the fact when the instant moves: the old one deleted, the old day subtracted', async () => {
    const orgId = newOrg();
    await refresh(orgId, 't1', actionFact('2026-03-02T09:15:00.000Z', { acceptMs: 4_000 }));
    expect(await refresh(orgId, 't1', actionFact('2026-03-04T16:40:00.000Z', { acceptMs: 4_000 }))).toBe('moved');

    const rows = await facts(orgId);
    expect(rows.map((item) => item.sk)).toEqual(['2026-03-04T16:40:00.000Z#t1', 'ITEM#t1']);
    expect(rows[0]).toMatchObject({ factRev: 2, localDate: '2026-03-04', localHour: 17 });
    expect(rows[1]).toMatchObject({ factRev: 2, instant: '2026-03-04T16:40:00.000Z', [TTL]: rows[0]![TTL] });
    const days = await readRollups({ orgId, kind: 'ACTION', dimension: 'ALL', from: '2026-03-01', to: '2026-03-05' });
    // The old day's row is stored with zeros, and read as no row.
    expect(await row(orgId, 'ALL', '2026-03-02#-')).toMatchObject({ n: 0, acc: 0, m4000: 0 });
    expect(days).toEqual([{ date: '2026-03-04', value: '-', counters: { n: 1, acc: 1 }, durations: { 4_000: 1 } }]);
    expect(await row(orgId, 'HOUR', '2026-03-02#10')).toMatchObject({ n: 0, acc: 0, m4000: 0 });
    expect(await refresh(orgId, 't1', actionFact('2026-03-04T16:40:00.000Z', { acceptMs: 4_000 }))).toBe('unchanged');
  });

  it('leaves the fact and the rollups as they are when the item is gone (history stays)', async () => {
    const orgId = newOrg();
    await refresh(orgId, 'a1', actionFact('2026-03-02T09:15:00.000Z', { acceptMs: 4_000 }));
    const before = await everything(orgId);
    const seen = watchTransactions();
    expect(await refresh(orgId, 'a1', null)).toBe('gone');
    expect(await refresh(orgId, 'never-reported', null)).toBe('gone');
    expect(seen.sent).toBe(0);
    expect(await everything(orgId)).toEqual(before);
  });

  it('refuses content it could not count exactly, writing nothing', async () => {
    const orgId = newOrg();
    const good = actionFact('2026-03-02T09:15:00.000Z', { acceptMs: 4_000 });
    await expect(refresh(orgId, 'a1', { ...good, instant: '2026-03-02T09:15:00Z' })).rejects.toThrow(/instant/);
    await expect(refresh(orgId, 'a1', { ...good, contribution: [{ ...good.contribution[0]!, durations: [1.5] }] })).rejects.toThrow(/duration/);
    await expect(refresh(orgId, 'a1', { ...good, contribution: [{ ...good.contribution[0]!, counters: { m12: 1 } }] })).rejects.toThrow(/counter name/);
    await expect(refresh(orgId, 'a1', { ...good, contribution: [{ ...good.contribution[0]!, dimension: 'A#B' }] })).rejects.toThrow(/dimension/);
    await expect(refresh(orgId, 'a1', { ...good, contribution: [{ ...good.contribution[0]!, item: 'a#1' }] })).rejects.toThrow(/row item/);
    await expect(refresh(orgId, 'a1', { ...good, contribution: [{ ...good.contribution[0]!, item: '' }] })).rejects.toThrow(/row item/);
    const many = Array.from({ length: 99 }, (_, i) => ({ ...good.contribution[0]!, value: `v${i}` }));
    await expect(refresh(orgId, 'a1', { ...good, contribution: many })).rejects.toThrow(/fit one transaction/);
    expect(await everything(orgId)).toEqual([]);
  });
});

describe('reports kit: reading rollups (AP95)', () => {
  it('reads the days of the range only, every value of its last day included', async () => {
    const orgId = newOrg();
    // One action a day, 1 to 6 March, at 12:00 Berlin; one template's id sorts after '~'.
    for (let day = 1; day <= 6; day++) await refresh(orgId, `a${day}`, actionFact(`2026-03-0${day}T11:00:00.000Z`, { template: day % 2 ? 'tpl-odd' : '~~tpl', acceptMs: day * 1_000 }));

    const rows = await readRollups({ orgId, kind: 'ACTION', dimension: 'TEMPLATE', from: '2026-03-02', to: '2026-03-04' });
    expect(rows.map((item) => `${item.date}#${item.value}`)).toEqual(['2026-03-02#~~tpl', '2026-03-03#tpl-odd', '2026-03-04#~~tpl']);
    expect(mergeByValue(rows)).toEqual([
      { key: '~~tpl', counters: { n: 2, acc: 2 }, durations: { 2_000: 1, 4_000: 1 } },
      { key: 'tpl-odd', counters: { n: 1, acc: 1 }, durations: { 3_000: 1 } },
    ]);
    expect(mergeByDate(rows).map((point) => [point.key, point.counters.n])).toEqual([['2026-03-02', 1], ['2026-03-03', 1], ['2026-03-04', 1]]);
    expect(await readRollups({ orgId, kind: 'ACTION', dimension: 'TEMPLATE', from: '2026-03-07', to: '2026-03-09' })).toEqual([]);
  });

  it("reads an item's own rows (`{date}!{item}#{value}`) in its day's range, added to the day's value as any row", async () => {
    const orgId = newOrg();
    // Two items of 2 March keep rows of their own, a third counts in the day's shared row; the 3rd's own row is outside the range.
    const own = (instant: string, item: string, acceptMs: number) => {
      const fact = actionFact(instant, { template: 'tpl', acceptMs });
      return { ...fact, contribution: fact.contribution.map((contribution) => ({ ...contribution, item })) };
    };
    await refresh(orgId, 'a1', own('2026-03-02T08:00:00.000Z', 'a1', 1_000));
    await refresh(orgId, 'a2', own('2026-03-02T09:00:00.000Z', 'a2', 3_000));
    await refresh(orgId, 'a3', actionFact('2026-03-02T10:00:00.000Z', { template: 'tpl', acceptMs: 2_000 }));
    await refresh(orgId, 'a4', own('2026-03-03T08:00:00.000Z', 'a4', 9_000));
    expect((await rollups(orgId, 'TEMPLATE')).map((item) => item.sk)).toEqual(['2026-03-02!a1#tpl', '2026-03-02!a2#tpl', '2026-03-02#tpl', '2026-03-03!a4#tpl']);

    const rows = await readRollups({ orgId, kind: 'ACTION', dimension: 'TEMPLATE', from: '2026-03-02', to: '2026-03-02' });
    expect(rows.map((item) => `${item.date}#${item.value}`)).toEqual(['2026-03-02#tpl', '2026-03-02#tpl', '2026-03-02#tpl']);
    expect(mergeByValue(rows)).toEqual([{ key: 'tpl', counters: { n: 3, acc: 3 }, durations: { 1_000: 1, 2_000: 1, 3_000: 1 } }]);
    expect(mergeByDate(rows)).toEqual([{ key: '2026-03-02', counters: { n: 3, acc: 3 }, durations: { 1_000: 1, 2_000: 1, 3_000: 1 } }]);

    // A fact moved from the shared row to its own takes itself off the shared one, in the same transaction.
    await refresh(orgId, 'a3', own('2026-03-02T10:00:00.000Z', 'a3', 2_000));
    expect(await row(orgId, 'TEMPLATE', '2026-03-02#tpl')).toMatchObject({ n: 0, acc: 0, m2000: 0 });
    expect(mergeByValue(await readRollups({ orgId, kind: 'ACTION', dimension: 'TEMPLATE', from: '2026-03-02', to: '2026-03-03' }))).toEqual([
      { key: 'tpl', counters: { n: 4, acc: 4 }, durations: { 1_000: 1, 2_000: 1, 3_000: 1, 9_000: 1 } },
    ]);
  });

  it('gives the exact median and 90th percentile over the merged days, by the local day of the send', async () => {
    const orgId = newOrg();
    // Five actions around midnight in Berlin (UTC+1 in March): three on the 2nd, two on the 3rd.
    const sends = ['2026-03-02T08:00:00.000Z', '2026-03-02T22:59:59.999Z', '2026-03-02T12:00:00.000Z', '2026-03-02T23:00:00.000Z', '2026-03-03T07:30:00.000Z'];
    const accepts = [10_000, 20_000, 20_500, 60_000, undefined];
    await Promise.all(sends.map((sent, i) => refresh(orgId, `a${i}`, actionFact(sent, accepts[i] === undefined ? { expired: true } : { acceptMs: accepts[i] }))));

    const days = await readRollups({ orgId, kind: 'ACTION', dimension: 'ALL', from: '2026-03-02', to: '2026-03-03' });
    expect(days.map((day) => [day.date, day.counters.n])).toEqual([['2026-03-02', 3], ['2026-03-03', 2]]);
    const [total] = mergeByValue(days);
    expect(total!.counters).toEqual({ n: 5, acc: 4, exp: 1 });
    expect(durationCount(total!.durations)).toBe(4);
    expect(medianOf(total!.durations)).toBe(20_250);
    expect(percentileOf(total!.durations, 0.9)).toBe(60_000);
    expect(rateOf(total!.counters.acc!, total!.counters.n!)).toBe(0.8);
    const hours = mergeByValue(await readRollups({ orgId, kind: 'ACTION', dimension: 'HOUR', from: '2026-03-02', to: '2026-03-03' }));
    expect(hours.map((hour) => [hour.key, hour.counters.n]).sort()).toEqual([['00', 1], ['08', 1], ['09', 1], ['13', 1], ['23', 1]]);
  });

  it('pages the raw facts of a range of instants for the CSV (AP96)', async () => {
    const orgId = newOrg();
    for (let day = 1; day <= 6; day++) await refresh(orgId, `a${day}`, actionFact(`2026-03-0${day}T11:00:00.000Z`, { template: `tpl-${day}` }));
    const range = { orgId, kind: 'ACTION', start: '2026-03-01T23:00:00.000Z', end: '2026-03-04T11:00:00.000Z', limit: 2 };
    const first = await readFacts(range);
    expect(first.data).toEqual([
      { instant: '2026-03-02T11:00:00.000Z', itemId: 'a2', localDate: '2026-03-02', localHour: 12, columns: { template_id: 'tpl-2', first_accept_ms: null, labels: ['a', 'b'] } },
      { instant: '2026-03-03T11:00:00.000Z', itemId: 'a3', localDate: '2026-03-03', localHour: 12, columns: { template_id: 'tpl-3', first_accept_ms: null, labels: ['a', 'b'] } },
    ]);
    // The fact at `end` itself belongs to the next range.
    const second = await readFacts({ ...range, token: first.cursor! });
    expect(second).toEqual({ data: [], cursor: null });
    // A token of another organisation's facts is refused.
    await expect(readFacts({ ...range, orgId: newOrg(), token: first.cursor! })).rejects.toThrow();
  });

  it('sets the TTL: facts 400 days after their instant, rollup rows 402 days after their date, once', async () => {
    const orgId = newOrg();
    const sent = '2026-03-02T09:15:00.000Z';
    await refresh(orgId, 'a1', actionFact(sent, { acceptMs: 1_000 }));
    await refresh(orgId, 'a2', actionFact('2026-03-02T20:00:00.000Z', { acceptMs: 2_000 }));
    const [fact, , ref] = await facts(orgId);
    expect(fact![TTL]).toBe(Date.parse(sent) / 1000 + 400 * DAY_S);
    expect(ref![TTL]).toBe(fact![TTL]);
    expect((await row(orgId, 'ALL', '2026-03-02#-'))![TTL]).toBe(Date.parse('2026-03-02T00:00:00.000Z') / 1000 + 402 * DAY_S);
    expect((await row(orgId, 'HOUR', '2026-03-02#21'))![TTL]).toBe(Date.parse('2026-03-02T00:00:00.000Z') / 1000 + 402 * DAY_S);
  });
});
