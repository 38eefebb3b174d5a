import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../db/client.ts';
import type { TransactionResult } from '../db/transaction.ts';

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
export type TransactItem = TransactItems[number];

/** ElectroDB's `.params()` of a put or create (typed by it as a plain record) as a transaction's Put. */
export const putOf = (params: Record<string, unknown>): TransactItem => ({ Put: params as NonNullable<TransactItem['Put']> });
/** ElectroDB's `.params()` of a delete as a transaction's Delete. */
export const deleteOf = (params: Record<string, unknown>): TransactItem => ({ Delete: params as NonNullable<TransactItem['Delete']> });

/**
 * A raw TransactWriteItems (the rollups' `ADD`s have names ElectroDB cannot declare), answered as
 * ElectroDB answers a transaction: a cancellation resolves with a reason per item instead of
 * throwing, so `retryOnConflict`, `rejectedAt` and `committed` (platform/db/transaction.ts) read it.
 */
export async function transactWrite(items: TransactItems): Promise<TransactionResult> {
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
    return { canceled: false, data: items.map(() => ({ rejected: false, code: 'None' })) };
  } catch (error) {
    const reasons = (error as { CancellationReasons?: Array<{ Code?: string; Message?: string }> }).CancellationReasons;
    if (!reasons) throw error;
    return {
      canceled: true,
      data: reasons.map(({ Code, Message }) => ({ rejected: (Code ?? 'None') !== 'None', code: Code ?? 'None', ...(Message ? { message: Message } : {}) })),
    };
  }
}
