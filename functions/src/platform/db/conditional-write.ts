import { TransactionCanceledError } from './transaction.ts';

/**
 * A condition refused the write. ElectroDB wraps DynamoDB's ConditionalCheckFailedException (its
 * cause, or its message, carries the name); a cancelled transaction (`committed`) says why per item.
 */
export function isConditionFailure(error: unknown): boolean {
  if (error instanceof TransactionCanceledError) return error.conditionFailed;
  const e = error as { name?: string; cause?: { name?: string }; message?: string } | null;
  return (
    e?.name === 'ConditionalCheckFailedException' ||
    e?.cause?.name === 'ConditionalCheckFailedException' ||
    /conditional request failed/i.test(e?.message ?? '')
  );
}

/**
 * The one conditional write: runs a write that carries a condition (a create's
 * `attribute_not_exists`, a `.where(...)` on put, patch or delete) and answers true when it was
 * written, false when its condition refused it. Any other failure is thrown.
 */
export async function conditionalWrite(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
