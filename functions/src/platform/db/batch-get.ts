import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../config.ts';
import { documentClient } from './client.ts';
import { untilProcessed } from './unprocessed.ts';

type Key = Record<string, unknown>;
type Item = Record<string, unknown>;

/** DynamoDB's limit of keys per BatchGetItem. */
const BATCH_GET_MAX = 100;

/**
 * The table's items of these keys, in no particular order (missing ones are simply absent), for
 * reads across entities that ElectroDB's per-entity batch get cannot do: one BatchGetItem per 100
 * keys. `projection` names the attributes to read (all when left out).
 */
export async function batchGetItems(keys: readonly Key[], projection?: readonly string[]): Promise<Item[]> {
  const items: Item[] = [];
  const names = projection ? Object.fromEntries(projection.map((name, i) => [`#a${i}`, name])) : undefined;
  for (let start = 0; start < keys.length; start += BATCH_GET_MAX) {
    await untilProcessed(
      keys.slice(start, start + BATCH_GET_MAX),
      async (pending) => {
        const answer = await documentClient.send(
          new BatchGetCommand({
            RequestItems: { [env.tableName]: { Keys: pending, ...(names ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names } : {}) } },
          }),
        );
        items.push(...(answer.Responses?.[env.tableName] ?? []));
        return answer.UnprocessedKeys?.[env.tableName]?.Keys ?? [];
      },
      'keys of a batch read',
    );
  }
  return items;
}
