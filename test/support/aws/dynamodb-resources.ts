import { arn } from './aws-identity.ts';

/** One authorisation a DynamoDB request needs: an IAM action on a table or index, with the partition key values it touches. */
export interface DynamoDbAccess {
  action: string;
  resource: string;
  /** `dynamodb:LeadingKeys` values; undefined where the request names none (Scan, table operations). */
  leadingKeys?: string[];
}

/** A table's (and its indexes') partition key attribute names, from DescribeTable. */
export interface KeyNames {
  table: string;
  indexes: Record<string, string>;
}

type AttributeValue = { S?: string; N?: string; B?: string };
type Item = Record<string, AttributeValue>;
type Request = Record<string, any>;

export const tableArn = (table: string, index?: string) => arn('dynamodb', `table/${table}${index ? `/index/${index}` : ''}`);

const text = (value: AttributeValue | undefined) => value?.S ?? value?.N ?? value?.B;

function keyOf(item: Item | undefined, name: string | undefined): string[] | undefined {
  const value = name ? text(item?.[name]) : undefined;
  return value === undefined ? undefined : [value];
}

/** The partition key value a Query's key condition fixes (`#pk = :pk` or legacy KeyConditions EQ). */
function queryKey(request: Request, name: string | undefined): string[] | undefined {
  if (!name) return undefined;
  const legacy = request.KeyConditions?.[name];
  if (legacy) return keyOf({ [name]: legacy.AttributeValueList?.[0] }, name);
  const names: Record<string, string> = request.ExpressionAttributeNames ?? {};
  const values: Item = request.ExpressionAttributeValues ?? {};
  const condition = String(request.KeyConditionExpression ?? '');
  for (const [, left, right] of condition.matchAll(/([#:]?[\w.]+)\s*=\s*([#:]?[\w.]+)/g)) {
    const [attribute, placeholder] = left!.startsWith(':') ? [right!, left!] : [left!, right!];
    if ((names[attribute] ?? attribute) === name && placeholder.startsWith(':')) return keyOf({ [name]: values[placeholder]! }, name);
  }
  return undefined;
}

const SINGLE_ITEM: Record<string, (r: Request) => Item | undefined> = {
  GetItem: (r) => r.Key,
  DeleteItem: (r) => r.Key,
  UpdateItem: (r) => r.Key,
  PutItem: (r) => r.Item,
};

/** The tables a request names, so their key names can be looked up before `accessOf`. */
export function tablesOf(operation: string, request: Request): string[] {
  if (operation === 'BatchGetItem' || operation === 'BatchWriteItem') return Object.keys(request.RequestItems ?? {});
  if (operation === 'TransactWriteItems' || operation === 'TransactGetItems') return (request.TransactItems ?? []).map((i: Request) => Object.values(i)[0]?.TableName).filter(Boolean);
  return request.TableName ? [request.TableName] : [];
}

/**
 * What IAM checks for a request: the operation's action on each table (and index) it touches,
 * with the partition keys of the items; transactions as their item actions, as IAM authorises them.
 */
export function accessOf(operation: string, request: Request, keys: (table: string) => KeyNames | undefined): DynamoDbAccess[] {
  const accesses: DynamoDbAccess[] = [];
  const add = (action: string, table: string, leadingKeys?: string[], index?: string) => {
    const resource = tableArn(table, index);
    const same = accesses.find((a) => a.action === `dynamodb:${action}` && a.resource === resource);
    if (!same) accesses.push({ action: `dynamodb:${action}`, resource, ...(leadingKeys ? { leadingKeys } : {}) });
    else if (leadingKeys) same.leadingKeys = [...new Set([...(same.leadingKeys ?? []), ...leadingKeys])];
  };
  const partition = (table: string) => keys(table)?.table;
  const single = SINGLE_ITEM[operation];
  if (single) add(operation, request.TableName, keyOf(single(request), partition(request.TableName)));
  else if (operation === 'Query') add(operation, request.TableName, queryKey(request, request.IndexName ? keys(request.TableName)?.indexes[request.IndexName] : partition(request.TableName)), request.IndexName);
  else if (operation === 'Scan') add(operation, request.TableName, undefined, request.IndexName);
  else if (operation === 'BatchGetItem') {
    for (const [table, { Keys }] of Object.entries<Request>(request.RequestItems ?? {})) add(operation, table, (Keys as Item[]).flatMap((k) => keyOf(k, partition(table)) ?? []));
  } else if (operation === 'BatchWriteItem') {
    for (const [table, writes] of Object.entries<Request[]>(request.RequestItems ?? {})) add(operation, table, writes.flatMap((w) => keyOf(w.PutRequest?.Item ?? w.DeleteRequest?.Key, partition(table)) ?? []));
  } else if (operation === 'TransactGetItems') {
    for (const { Get } of request.TransactItems ?? []) add('GetItem', Get.TableName, keyOf(Get.Key, partition(Get.TableName)));
  } else if (operation === 'TransactWriteItems') {
    const ACTIONS: Record<string, string> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' };
    for (const entry of request.TransactItems ?? []) {
      const [kind, body] = Object.entries<Request>(entry)[0]!;
      add(ACTIONS[kind] ?? kind, body.TableName, keyOf(body.Item ?? body.Key, partition(body.TableName)));
    }
  } else if (request.TableName) add(operation, request.TableName);
  else add(operation, '*');
  return accesses.map((a) => (a.resource === tableArn('*') ? { ...a, resource: '*' } : a));
}
