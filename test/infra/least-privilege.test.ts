import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { COGNITO_ADMIN_ACTIONS } from '../../infra/aws/api.construct.ts';
import { ASSET_ACTIONS, ASSET_BUCKET_ACTIONS } from '../../infra/aws/assets.construct.ts';
import { REPO_ROOT } from '../../infra/aws/repo-paths.ts';
import { TABLE_ACCESS, type TableAction, type TableUser } from '../../infra/aws/table-access.ts';
import { LAMBDAS, inspect, synthPortal } from './support.ts';

const { template } = synthPortal();
const { fnByDescription, statementsOf } = inspect(template);

// Each table user's Lambda (support.ts): its description in the template and its entry file.
const USERS = Object.keys(LAMBDAS) as TableUser[];

/** A DynamoDB resource of a policy, by what it names: the table or its indexes. */
function tableResource(resource: unknown): string {
  const isTableArn = (value: unknown) => {
    const getAtt = (value as { 'Fn::GetAtt'?: [string, string] } | undefined)?.['Fn::GetAtt'];
    return Array.isArray(getAtt) && /^DataTable/.test(getAtt[0]) && getAtt[1] === 'Arn';
  };
  if (isTableArn(resource)) return 'table';
  const join = (resource as { 'Fn::Join'?: [string, unknown[]] } | undefined)?.['Fn::Join'];
  if (join && join[0] === '' && join[1].length === 2 && isTableArn(join[1][0]) && join[1][1] === '/index/*') return 'table/index/*';
  return JSON.stringify(resource);
}

describe('DynamoDB least privilege (infra/aws/table-access.ts)', () => {
  // Only Query acts on an index; GetItem, PutItem, UpdateItem, DeleteItem, the batches,
  // ConditionCheckItem and DescribeTable name the table itself, so `index/*` is theirs to no end.
  it.each(USERS)('gives %s exactly the actions of its table entry: item actions on the table, Query on the table and its indexes', (user) => {
    const statements = statementsOf(fnByDescription(LAMBDAS[user].description)[1]).filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')));
    for (const statement of statements) expect(statement.Effect).toBe('Allow');
    const granted = statements.flatMap((s) => [s.Action].flat().flatMap((action) => [s.Resource].flat().map((resource) => `${action} on ${tableResource(resource)}`)));
    const expected = TABLE_ACCESS[user].flatMap((action) => (action === 'dynamodb:Query' ? [`${action} on table`, `${action} on table/index/*`] : [`${action} on table`]));
    expect([...new Set(granted)].sort()).toEqual(expected.sort());
    expect(granted).toHaveLength(expected.length);
  });

  it('grants no Scan and no stream reads to anyone, and DescribeTable only to the health probe', () => {
    for (const user of USERS) {
      expect(TABLE_ACCESS[user]).not.toContain('dynamodb:Scan' as TableAction);
      if (user !== 'organizations') expect(TABLE_ACCESS[user]).not.toContain('dynamodb:DescribeTable');
    }
    expect(TABLE_ACCESS.iotAuthorizer).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    expect(TABLE_ACCESS.preTokenGeneration).toEqual(['dynamodb:Query']);
  });
});

/**
 * The table against the code: each Lambda's entry is bundled as CDK bundles it (esbuild,
 * tree-shaken: only code it can reach), and its data calls are read off the bundle. Each call must
 * be allowed by the entry, and each allowed action must be used by some call, so the table neither
 * lags behind the code (AccessDenied on AWS only) nor keeps rights nobody uses.
 */
describe('the grants against the code each Lambda bundles', () => {
  const bundles = new Map<TableUser, string>();
  beforeAll(async () => {
    await Promise.all(
      USERS.map(async (user) => {
        const result = await build({
          entryPoints: [path.join(REPO_ROOT, LAMBDAS[user].entry)],
          bundle: true,
          write: false,
          platform: 'node',
          format: 'esm',
          // Dependencies and @portal/shared make no table calls of their own.
          packages: 'external',
          treeShaking: true,
          logLevel: 'silent',
        });
        bundles.set(user, result.outputFiles[0]!.text);
      }),
    );
  }, 60_000);

  it.each(USERS)('%s: every data call is allowed and every allowed action is used', (user) => {
    const calls = tableCalls(bundles.get(user)!);
    const allowed = new Set<string>(TABLE_ACCESS[user]);
    const refused = calls.filter((call) => !call.needs.some((action) => allowed.has(action)));
    expect(refused.map((call) => `${call.site} needs ${call.needs.join(' or ')}`)).toEqual([]);
    const unused = TABLE_ACCESS[user].filter((action) => !calls.some((call) => call.needs.includes(action)));
    expect(unused).toEqual([]);
  });

  it.each(USERS)('%s: has exactly the Cognito admin and EventBridge Scheduler actions its code calls', (user) => {
    const code = bundles.get(user)!;
    const called = (pattern: RegExp, service: string) => [...new Set([...code.matchAll(pattern)].map((m) => `${service}:${m[1]}`))].sort();
    const granted = (service: string) =>
      [...new Set(statementsOf(fnByDescription(LAMBDAS[user].description)[1]).flatMap((s) => [s.Action].flat()).filter((a) => a.startsWith(`${service}:`)))].sort();
    // InitiateAuth (the password check) is a public Cognito API: no IAM action.
    expect(granted('cognito-idp')).toEqual(called(/\bnew\s+(?:[\w$]+\.)?(Admin\w+)Command\s*\(/g, 'cognito-idp'));
    expect(granted('scheduler')).toEqual(called(/\bnew\s+((?:Create|Update|Delete|Get|List)Schedule)Command\s*\(/g, 'scheduler'));
    if (user in COGNITO_ADMIN_ACTIONS) expect(granted('cognito-idp')).toEqual([...COGNITO_ADMIN_ACTIONS[user as keyof typeof COGNITO_ADMIN_ACTIONS]!].sort());
  });

  // The storage port's S3 adapter (the logo): GetObject, PutObject and DeleteObject for the bundle that
  // carries it, on organisation keys of the assets bucket (infra/aws/assets.construct.ts), none for the rest;
  // and s3:ListBucket, which no code calls: without it S3 answers a missing logo with 403, not 404.
  it.each(USERS)('%s: has exactly the S3 object actions its code calls', (user) => {
    const code = bundles.get(user)!;
    const called = [...new Set([...code.matchAll(/\bnew\s+((?:Get|Put|Delete)Object)Command\s*\(/g)].map((m) => `s3:${m[1]}`))].sort();
    const statements = statementsOf(fnByDescription(LAMBDAS[user].description)[1]).filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    const granted = [...new Set(statements.flatMap((s) => [s.Action].flat()))].sort();
    expect(granted).toEqual(called.length ? [...called, ...ASSET_BUCKET_ACTIONS].sort() : []);
    if (called.length) expect(called).toEqual([...ASSET_ACTIONS].sort());
  });

  it('reads calls the way ElectroDB and the SDK make them', () => {
    const needs = (code: string) => tableCalls(code).map((call) => call.needs.join('|'));
    expect(needs('await AEntity.get({ orgId }).go()')).toEqual(['dynamodb:GetItem']);
    expect(needs('await AEntity.get(ids.map((id) => ({ id }))).go()')).toEqual(['dynamodb:BatchGetItem']);
    expect(needs('await AEntity.get(key).go()')).toEqual(['dynamodb:GetItem|dynamodb:BatchGetItem']);
    expect(needs('await AEntity.put(batch).go(); await AEntity.create(x).go()')).toEqual(['dynamodb:PutItem|dynamodb:BatchWriteItem', 'dynamodb:PutItem']);
    expect(needs('const p = AEntity.patch(k); await p.remove(["a"]).go(); AEntity.query.byX({ a }).go()')).toEqual(['dynamodb:UpdateItem', 'dynamodb:Query']);
    expect(
      needs('svc.transaction.write(({ a, b }) => [a.create(x).commit(), onlyIf(b.delete({ k }), c).commit(), b.check(k).where(f(g(h))).commit(), a.update(k).delete({ s }).commit()]).go()'),
    ).toEqual(['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem', 'dynamodb:UpdateItem']);
    expect(needs('function guard(m) { return m\n  .check({ k }).where((a, { contains }) => contains(a.r, "x")).commit(); } cache.delete(key); hash.update(s);')).toEqual([
      'dynamodb:ConditionCheckItem',
    ]);
    expect(needs('client.send(new BatchWriteCommand(input)); new GetCommand({}); new DescribeTableCommand({})')).toEqual([
      'dynamodb:BatchWriteItem',
      'dynamodb:GetItem',
      'dynamodb:DescribeTable',
    ]);
    expect(needs('const put = { Put: p }; const add = () => ({ Update: { Key: k } }); client.send(new TransactWriteCommand({ TransactItems: [put, add()] }));')).toEqual([
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    expect(needs('client.send(new TransactWriteCommand({ TransactItems: items }))')).toEqual(['TransactWriteItems: list its items']);
  });
});

interface TableCall {
  /** A short excerpt of the call, for the failure message. */
  site: string;
  /** Any one of these actions allows it (ElectroDB decides single or batch by the argument's type). */
  needs: TableAction[];
}

const ENTITY_OPERATION = /\b\w+Entity\s*\.\s*(get|create|put|update|patch|upsert|delete|remove|query|scan|find|match)\b\s*(\(|\.)/g;
const TRANSACTION_WRITE = /\.transaction\s*\.\s*write\s*\(/g;
const TRANSACTION_ITEM = /\b\w+\s*\.\s*(create|put|update|patch|upsert|delete|remove|check)\s*\(/g;
/**
 * The items of a raw TransactWriteItems, as the SDK takes them (`{ Put: … }`, `{ Update: … }`:
 * platform/reports/raw-transaction.ts and rollup-updates.ts): each needs its own action.
 */
const RAW_TRANSACTION_ITEM = /\{\s*(Put|Update|Delete|ConditionCheck)\s*:/g;
const SDK_COMMAND = /\bnew\s+(Get|Put|Update|Delete|Query|Scan|BatchGet|BatchWrite|TransactWrite|TransactGet|DescribeTable)(?:Item)?Command\s*\(/g;

const SDK_ACTIONS: Record<string, TableAction[]> = {
  Get: ['dynamodb:GetItem'],
  Put: ['dynamodb:PutItem'],
  Update: ['dynamodb:UpdateItem'],
  Delete: ['dynamodb:DeleteItem'],
  Query: ['dynamodb:Query'],
  Scan: ['dynamodb:Scan' as TableAction],
  BatchGet: ['dynamodb:BatchGetItem'],
  BatchWrite: ['dynamodb:BatchWriteItem'],
  // Needs the action of each item; flagged so that it is added here with the items it writes.
  TransactWrite: ['TransactWriteItems: list its items' as TableAction],
  TransactGet: ['dynamodb:GetItem'],
  DescribeTable: ['dynamodb:DescribeTable'],
};

/** The calls in bundled code, in order. */
export function tableCalls(code: string): TableCall[] {
  const found: Array<TableCall & { at: number }> = [];
  const site = (at: number) => code.slice(at, at + 70).replace(/\s+/g, ' ');

  // Transactions first: their items are calls on the callback's entity parameters.
  const transactionSpans: Array<[number, number]> = [];
  for (const match of code.matchAll(TRANSACTION_WRITE)) {
    const open = match.index + match[0].length - 1;
    const close = closingParen(code, open);
    transactionSpans.push([open, close]);
    const body = code.slice(open, close);
    for (const item of body.matchAll(TRANSACTION_ITEM)) {
      const needs = itemActions(item[1]!);
      found.push({ at: open + item.index, site: site(open + item.index), needs });
    }
  }
  const inTransaction = (at: number) => transactionSpans.some(([from, to]) => at > from && at < to);
  // Items built outside the callback (a helper returning `entity.check(...).commit()`).
  for (const item of code.matchAll(TRANSACTION_ITEM)) {
    if (inTransaction(item.index) || /Entity\s*\.\s*\w+\s*\($/.test(item[0])) continue;
    const open = item.index + item[0].length - 1;
    if (/^(?:\s*\.\s*\w+\s*\((?:[^()]|\([^()]*\))*\))*\s*\.\s*commit\s*\(/.test(code.slice(closingParen(code, open) + 1, closingParen(code, open) + 400))) {
      found.push({ at: item.index, site: site(item.index), needs: itemActions(item[1]!) });
    }
  }

  for (const match of code.matchAll(ENTITY_OPERATION)) {
    if (inTransaction(match.index)) continue;
    const [, operation, next] = match as unknown as [string, string, string];
    const argumentStart = match.index + match[0].length;
    const argument = next === '(' ? code.slice(argumentStart, closingParen(code, argumentStart - 1)).trim() : '';
    found.push({ at: match.index, site: site(match.index), needs: entityActions(operation, argument) });
  }
  // A raw transaction is its items' actions (TransactWriteItems is no IAM action of its own); one
  // whose items are nowhere in the bundle stays flagged.
  const rawItems = [...code.matchAll(RAW_TRANSACTION_ITEM)];
  for (const item of rawItems) found.push({ at: item.index, site: site(item.index), needs: [`dynamodb:${item[1]!}Item` as TableAction] });
  for (const match of code.matchAll(SDK_COMMAND)) {
    if (match[1] === 'TransactWrite' && rawItems.length) continue;
    found.push({ at: match.index, site: site(match.index), needs: SDK_ACTIONS[match[1]!]! });
  }
  return found.sort((a, b) => a.at - b.at).map(({ site: s, needs }) => ({ site: s, needs }));
}

function itemActions(operation: string): TableAction[] {
  switch (operation) {
    case 'create':
    case 'put':
      return ['dynamodb:PutItem'];
    case 'update':
    case 'patch':
    case 'upsert':
      return ['dynamodb:UpdateItem'];
    case 'delete':
    case 'remove':
      return ['dynamodb:DeleteItem'];
    default:
      return ['dynamodb:ConditionCheckItem'];
  }
}

/** ElectroDB: an array (or `.map(...)`) argument makes get a BatchGetItem and put/delete a BatchWriteItem. */
function entityActions(operation: string, argument: string): TableAction[] {
  const many = argument.startsWith('[') || /\.map\s*\(/.test(argument);
  const one = argument.startsWith('{');
  switch (operation) {
    case 'get':
      return many ? ['dynamodb:BatchGetItem'] : one ? ['dynamodb:GetItem'] : ['dynamodb:GetItem', 'dynamodb:BatchGetItem'];
    case 'put':
    case 'delete':
      if (many) return ['dynamodb:BatchWriteItem'];
      return one ? itemActions(operation) : [...itemActions(operation), 'dynamodb:BatchWriteItem'];
    case 'query':
    case 'find':
      return ['dynamodb:Query'];
    case 'scan':
    case 'match':
      return ['dynamodb:Scan' as TableAction];
    default:
      return itemActions(operation);
  }
}

/** Index of the parenthesis closing the one at `open` (strings and template literals are not special-cased; bundled code keeps them balanced enough). */
function closingParen(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth === 0) return i;
  }
  return code.length;
}
