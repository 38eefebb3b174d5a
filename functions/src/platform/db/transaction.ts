/**
 * The one way to read a transaction's result. ElectroDB does not throw when DynamoDB cancels a
 * transaction: it resolves with `canceled: true` and a reason per item. A repository asks
 * `rejectedAt` for the items whose refusal means something to it (a serial taken, a version moved
 * on), retries conflicts with `retryOnConflict`, and passes the rest through `committed`, so a
 * cancelled write can never pass for a successful one.
 */
export interface TransactionResult {
  canceled: boolean;
  data: Array<{ rejected: boolean; code?: string; message?: string }>;
}

type Reason = TransactionResult['data'][number];

const refused = (reason: Reason | undefined) => reason?.code === 'ConditionalCheckFailed';
const conflicting = (reason: Reason | undefined) => reason?.code === 'TransactionConflict';

export class TransactionCanceledError extends Error {
  override readonly name = 'TransactionCanceledException';
  constructor(readonly reasons: TransactionResult['data']) {
    super(`Transaction cancelled: ${reasons.map((r) => r.code ?? 'None').join(', ')}`);
  }

  /** True when an item's condition (e.g. attribute_not_exists) failed. */
  get conditionFailed(): boolean {
    return this.reasons.some(refused);
  }

  /** The item at `index` was refused by its condition. */
  rejectedAt(index: number | undefined): boolean {
    return index !== undefined && refused(this.reasons[index]);
  }
}

export function committed<T extends TransactionResult>(result: T): T {
  if (result.canceled) throw new TransactionCanceledError(result.data);
  return result;
}

/** The item at `index` was refused by its condition. */
export const rejectedAt = (result: TransactionResult, index: number): boolean => result.canceled && refused(result.data[index]);

/** Cancelled only because another transaction was at work on the same items: worth trying again. */
export const conflicted = (result: TransactionResult): boolean =>
  result.canceled && result.data.some(conflicting) && !result.data.some(refused);

/**
 * Runs a transaction again while DynamoDB cancels it for a conflict with another transaction on the
 * same items (e.g. two users added to one roster shard at once), with jittered backoff, and resolves
 * with the last result, committed or not.
 */
export async function retryOnConflict<T extends TransactionResult>(write: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const result = await write();
    if (!conflicted(result) || attempt >= attempts) return result;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
  }
}

/** `retryOnConflict`, then `committed`: the transaction went through or throws. */
export async function withConflictRetry<T extends TransactionResult>(write: () => Promise<T>, attempts = 6): Promise<T> {
  return committed(await retryOnConflict(write, attempts));
}
