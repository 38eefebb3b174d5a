/**
 * ElectroDB does not throw when DynamoDB cancels a transaction: it resolves with `canceled: true`
 * and a reason per item. Every transaction goes through `committed`, so a cancelled write can
 * never pass for a successful one.
 */
export interface TransactionResult {
  canceled: boolean;
  data: Array<{ rejected: boolean; code?: string; message?: string }>;
}

export class TransactionCanceledError extends Error {
  override readonly name = 'TransactionCanceledException';
  constructor(readonly reasons: TransactionResult['data']) {
    super(`Transaction cancelled: ${reasons.map((r) => r.code ?? 'None').join(', ')}`);
  }

  /** True when an item's condition (e.g. attribute_not_exists) failed, which callers map to 409. */
  get conditionFailed(): boolean {
    return this.reasons.some((r) => r.code === 'ConditionalCheckFailed');
  }
}

export function committed<T extends TransactionResult>(result: T): T {
  if (result.canceled) throw new TransactionCanceledError(result.data);
  return result;
}

/** The item at `index` was refused by its condition. */
export const rejectedAt = (result: TransactionResult, index: number): boolean =>
  result.canceled && result.data[index]?.rejected === true && result.data[index]?.code === 'ConditionalCheckFailed';

/**
 * Runs a transaction again when DynamoDB cancelled it for a conflict with another transaction on
 * the same item (e.g. two users added to one roster shard at once), with jittered backoff.
 */
export async function withConflictRetry<T extends TransactionResult>(write: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const result = await write();
    const conflict = result.canceled && result.data.some((r) => r.code === 'TransactionConflict');
    if (!conflict || attempt >= attempts) return committed(result);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
  }
}
