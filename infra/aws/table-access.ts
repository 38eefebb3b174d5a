import { Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { FUNCTION_NEEDS, type TableAction, type TableUser } from './function-needs.ts';
import { logicalIdOfArn } from './logical-id.ts';

export type { TableAction, TableUser } from './function-needs.ts';

/**
 * Least privilege on the table: each function's DynamoDB actions are the `table` of its row in
 * FUNCTION_NEEDS (function-needs.ts, with how ElectroDB's calls map to actions), so a new function
 * is named in one table; test/infra/least-privilege.test.ts asserts each policy against TABLE_ACCESS.
 */
export const TABLE_ACCESS = Object.fromEntries(Object.entries(FUNCTION_NEEDS).map(([user, needs]) => [user, needs.table])) as Readonly<Record<TableUser, readonly TableAction[]>>;

/** The one action of TABLE_ACCESS that reads an index: Query (Scan too, which nobody is given). */
export const INDEX_ACTIONS: readonly TableAction[] = ['dynamodb:Query'];

/**
 * Grants `fn` the actions of its TABLE_ACCESS entry and sets TABLE_NAME: the item and table actions
 * (GetItem, BatchGetItem, PutItem, UpdateItem, DeleteItem, BatchWriteItem, ConditionCheckItem,
 * DescribeTable) on the table's ARN only, since none of them acts on an index; Query on the table
 * and its indexes (`<table arn>/index/*`).
 */
export function grantTableAccess(fn: NodejsFunction, table: ITableV2, user: TableUser): void {
  const actions = TABLE_ACCESS[user];
  const onTable = actions.filter((action) => !INDEX_ACTIONS.includes(action));
  const onIndexes = actions.filter((action) => INDEX_ACTIONS.includes(action));
  if (onTable.length) fn.addToRolePolicy(new PolicyStatement({ actions: [...onTable], resources: [table.tableArn] }));
  if (onIndexes.length) fn.addToRolePolicy(new PolicyStatement({ actions: [...onIndexes], resources: [table.tableArn, `${table.tableArn}/index/*`] }));
  fn.addEnvironment('TABLE_NAME', table.tableName);

  // Query covers the table's GSIs as `<table arn>/index/*`: the index names are ours, the
  // wildcard only spares listing them.
  const logicalId = logicalIdOfArn(table, table.tableArn);
  if (fn.role && logicalId && onIndexes.length) {
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/index/*]`,
      reason: 'Query on the single table includes its global secondary indexes (<table arn>/index/*), all defined by TABLE_DEFINITION.',
    });
  }
}
