import { TransactionCanceledError, rejectedAt, retryOnConflict } from '../db/transaction.ts';
import { checkContent, checkSegment, factExpiryOf, type FactContent } from './fact-content.ts';
import { rollupDifference, sameFact } from './fact-difference.ts';
import { packContribution, unpackContribution } from './packed-contribution.ts';
import { MAX_TRANSACTION_ITEMS, deleteOf, putOf, transactWrite, type TransactItem } from './raw-transaction.ts';
import { ReportFactRefEntity } from './report-fact-ref.entity.ts';
import { ReportFactEntity } from './report-fact.entity.ts';
import { rollupUpdateOf } from './rollup-updates.ts';

export interface RefreshFactInput {
  orgId: string;
  /** The fact's kind (`ACTION`, `TASK`, `NOTIF`, `TASKANSWER`). */
  kind: string;
  itemId: string;
  /**
   * The item's fact as it is now, read consistently; null when the item is gone (decision 0087:
   * history stays, so the fact and the rollups are left as they are). Called after the fact is read,
   * once per attempt, with the stored fact it read (null when there is none): a module whose item
   * may change more than one transaction can add (a notification's reads) moves its fact a bounded
   * step from there (decision 0087).
   */
  read: (stored: FactContent | null) => Promise<FactContent | null>;
}

/** What a refresh did: wrote a first fact, changed it in place, moved it to a new instant, or nothing. */
export type RefreshOutcome = 'created' | 'updated' | 'moved' | 'unchanged' | 'gone';

/** Transaction conflicts on today's shared rows (ALL, HOUR) are retried this often, as answers are. */
const CONFLICT_ATTEMPTS = 12;
/** Lost races with refreshes of the same item: each retry reads again, so a few are plenty. */
const REFRESH_ATTEMPTS = 8;

interface Stored {
  rev: number;
  instant: string;
  /** Null when the ref outlived its fact (both expire by TTL, not at the same moment): nothing to subtract. */
  fact: FactContent | null;
}

/** AP94's reads: the ref by the item's id, then the fact it points at, both consistent. */
async function storedFact(orgId: string, kind: string, itemId: string): Promise<Stored | null> {
  const { data: ref } = await ReportFactRefEntity.get({ orgId, kind, itemId }).go({ consistent: true });
  if (!ref) return null;
  const { data: fact } = await ReportFactEntity.get({ orgId, kind, instant: ref.instant, itemId }).go({ consistent: true });
  return { rev: ref.factRev, instant: ref.instant, fact: fact ? { ...fact, contribution: unpackContribution(fact.contribution) } : null };
}

/**
 * The one transaction of a refresh: the ref and the fact on the revision read (or on not existing),
 * the old fact's Delete when the instant moved, and one `ADD` per rollup row the change touches.
 */
function writesOf(orgId: string, kind: string, itemId: string, stored: Stored | null, next: FactContent) {
  const readRev = stored?.rev ?? 0;
  const rev = readRev + 1;
  const expiresAt = factExpiryOf(next.instant);
  const ref = { orgId, kind, itemId, instant: next.instant, factRev: rev, expiresAt };
  const fact = { orgId, kind, itemId, factRev: rev, expiresAt, ...next, contribution: packContribution(next.contribution) };
  const inPlace = Boolean(stored?.fact) && stored?.instant === next.instant;
  const deltas = rollupDifference(stored?.fact?.contribution ?? [], next.contribution);
  const items: TransactItem[] = [
    putOf((stored ? ReportFactRefEntity.put(ref).where((a, op) => op.eq(a.factRev, readRev)) : ReportFactRefEntity.create(ref)).params()),
    putOf((inPlace ? ReportFactEntity.put(fact).where((a, op) => op.eq(a.factRev, readRev)) : ReportFactEntity.create(fact)).params()),
    ...(stored?.fact && !inPlace ? [deleteOf(ReportFactEntity.delete({ orgId, kind, instant: stored.instant, itemId }).where((a, op) => op.eq(a.factRev, readRev)).params())] : []),
    ...deltas.map((delta) => rollupUpdateOf(orgId, delta)),
  ];
  // One transaction or none: half the rows would count the item half. A fact touches ~10 rows
  // (twice that when it moves); a mapping near the limit must split into facts of their own.
  if (items.length > MAX_TRANSACTION_ITEMS) throw new RangeError(`report fact ${kind}/${itemId}: ${deltas.length} rollup rows change, at most ${MAX_TRANSACTION_ITEMS - (items.length - deltas.length)} fit one transaction`);
  return { items, anchors: items.length - deltas.length };
}

/**
 * Brings an item's fact and the rollups up to date with the item (AP94, decision 0087). Reads the
 * fact, then the item; when they differ, ONE transaction writes the fact on the revision it read and
 * adds the difference (new minus old, negative too) to each rollup row. A repeat finds no difference
 * and writes nothing; a refresh that lost a race with another reads both again (so the last write
 * is always of the newest item); a transaction conflict on a shared row is retried as it is.
 */
export async function refreshFact({ orgId, kind, itemId, read }: RefreshFactInput): Promise<RefreshOutcome> {
  checkSegment('kind', kind);
  if (!itemId) throw new RangeError('report fact: no itemId');
  for (let attempt = 1; ; attempt++) {
    const stored = await storedFact(orgId, kind, itemId);
    const next = await read(stored?.fact ?? null);
    if (!next) return 'gone';
    checkContent(next);
    if (stored?.fact && sameFact(stored.fact, next)) return 'unchanged';

    const { items, anchors } = writesOf(orgId, kind, itemId, stored, next);
    const result = await retryOnConflict(() => transactWrite(items), CONFLICT_ATTEMPTS);
    if (!result.canceled) return !stored ? 'created' : stored.instant === next.instant ? 'updated' : 'moved';
    const lostRace = Array.from({ length: anchors }, (_, i) => rejectedAt(result, i)).some(Boolean);
    if (!lostRace || attempt >= REFRESH_ATTEMPTS) throw new TransactionCanceledError(result.data);
  }
}
