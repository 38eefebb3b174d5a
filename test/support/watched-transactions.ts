import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { vi } from 'vitest';
import { documentClient } from '../../functions/src/platform/db/client.ts';

/**
 * Watches the document client's transactions until `vi.restoreAllMocks()`: the first `fail` of them
 * throw as a throttled table would (`failed()` says how many did), the others are kept in `seen`
 * (what they wrote) and go through.
 */
export function watchTransactions(options: { fail?: number } = {}) {
  const send = documentClient.send.bind(documentClient) as (command: unknown) => Promise<unknown>;
  const seen: TransactWriteCommandInput[] = [];
  let failed = 0;
  vi.spyOn(documentClient, 'send').mockImplementation((async (command: unknown) => {
    if (command instanceof TransactWriteCommand) {
      if (failed < (options.fail ?? 0)) {
        failed++;
        throw new Error('Throughput exceeds the current capacity');
      }
      seen.push(command.input);
    }
    return send(command);
  }) as typeof documentClient.send);
  return { seen, failed: () => failed };
}
