import { Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ModuleName } from '@portal/shared/api/route-table';
import type { DeliveryFunctionName } from './delivery-modules.ts';
import type { EventFunctionName } from './event-functions.ts';
import { logicalIdOfArn } from './logical-id.ts';

/**
 * Least privilege on the table: every Lambda gets exactly the DynamoDB actions its code calls, read
 * off the code it bundles (its handler, the services and repositories it imports, and the platform
 * code they use). ElectroDB maps as: get -> GetItem, get([...]) -> BatchGetItem, create/put ->
 * PutItem, patch/update/upsert -> UpdateItem, delete/remove -> DeleteItem, query -> Query,
 * put([...])/delete([...]) -> BatchWriteItem. A transaction (TransactWriteItems) needs the action of
 * each item it writes (create/put: PutItem, update/patch: UpdateItem, delete: DeleteItem, check:
 * ConditionCheckItem); TransactWriteItems is no IAM action of its own.
 *
 * When code starts calling another operation, add the action here; test/infra/least-privilege.test.ts
 * asserts each function's policy against this table.
 */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem'
  | 'dynamodb:DescribeTable';

/**
 * Every Lambda of the portal (each uses the table): the API modules, the two triggers, and the event
 * functions of the scheduled-jobs and uplink tables (`event-functions.ts`), so a new row asks for its
 * entry here.
 */
export type TableUser = ModuleName | 'preTokenGeneration' | 'iotAuthorizer' | 'devicesPresence' | EventFunctionName | DeliveryFunctionName;

export const TABLE_ACCESS: Readonly<Record<TableUser, readonly TableAction[]>> = {
  // Every API module reads the caller's membership (GetItem) in the HTTP preset, and on a feature
  // route the membership and the feature flags in one BatchGetItem (access-rows.ts).
  // Health probes the table (DescribeTable); listing reads memberships (Query) and organisations
  // (BatchGetItem); sign-up founds an organisation in one transaction of creates and the roster
  // update (PutItem, UpdateItem) and creates the user account (PutItem).
  organizations: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DescribeTable'],
  // /api/me reads the account (GetItem); the migration password change clears its flag (patch).
  identity: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem'],
  // General settings: get and upsert; the ids they name are checked in one BatchGetItem (owned-ids).
  // Watch settings: get and put. A change of either republishes the organisation's device configs
  // (device-config, decision 0064): the devices a page at a time and the trigger names (Query), the users'
  // menus (BatchGetItem), a tablet's settings, design template and trigger group (GetItem).
  settings: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  // Users and groups: gets and batch gets, searches (Query), group create/patch/delete, member rows
  // in batches (BatchWriteItem), user transactions with creates, puts, roster updates, deletes and
  // the last-superadmin check (ConditionCheckItem), and the user account (PutItem).
  users: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
  // Devices, lookups, tablet settings and design templates: gets, lists (Query), creates and puts,
  // deletes, and transactions of those; a device update patches the device row and its token's
  // lookup row (UpdateItem); no batch write. Owned ids in one BatchGetItem.
  devices: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  // Notifications and templates: gets, recipients (BatchGetItem on memberships and roster shards),
  // lists (Query), create/put/patch/delete, and the per-recipient status rows (BatchWriteItem).
  // The table scheduler adapter's rows are never written on AWS (SCHEDULER=eventbridge).
  notifications: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
  // Actions, templates and settings: gets, ids and recipients (BatchGetItem), lists, recipient rows
  // and recipient resolution (Query), creates and puts, the withdrawal (UpdateItem), deletes, and
  // each step's recipient rows (BatchWriteItem).
  actions: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
  // Tasks, drafts, templates and settings (helper A's services) and their activation: gets, ids and
  // recipients (BatchGetItem), lists, series and recipient rows (Query), creates and puts
  // (activation, drafts, transactions), patches (delivery, completion, ticks), deletes, and the
  // recipient rows at a start delivered now (BatchWriteItem).
  tasks: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
  // Shifts (decision 0031): gets (shifts, weeks, templates, the time zone), ids (BatchGetItem), week
  // and list queries, puts and creates, the published marks and activity type edits (UpdateItem),
  // deletes, and a publish's assignment rows (BatchWriteItem).
  shifts: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
  // Dashboard (decision 0036): the panels read one Query each (actions' sent list, tasks by start on
  // gsi2, the published shifts of the date's week and the week before), the time zone and flags
  // (GetItem); the custom dashboard's panels are one section row (GetItem, PutItem).
  dashboard: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem'],
  // Automation (decision 0039): triggers, trigger groups and settings are gets, lists (Query) and
  // the ids a body names (BatchGetItem, owned-ids); a trigger and its webhook secret are one
  // transaction of create/put (PutItem), patch (UpdateItem) and delete (DeleteItem); trigger groups
  // are created (PutItem), patched (UpdateItem) and removed (DeleteItem); the settings row is put and
  // general settings' trigger menus upserted (UpdateItem). A change of a group, a trigger's name or
  // the menus republishes the device configs (devices, a page at a time: Query; users' menus:
  // BatchGetItem; a tablet's settings and template: GetItem). A firing (webhooks, decisions 0039 and
  // 0040) claims the throttle and the delivery id (conditional PutItem, given back by DeleteItem),
  // puts the firing (PutItem, UpdateItem when failed) and reads firings (Query) and first accepts
  // (BatchGetItem).
  automation: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  // Error reports: the per-caller quota row (UpdateItem, AP83); the HTTP preset's membership read
  // (GetItem) is bundled though its public route never runs it.
  'client-errors': ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem'],
  // The memberships of the signing-in user (a Query by user), nothing else.
  preTokenGeneration: ['dynamodb:Query'],
  // A device: its token's lookup row (GetItem). A person (the watch emulator, ID token): the
  // organisations they belong to, a Query of their memberships by user. Nothing is written.
  iotAuthorizer: ['dynamodb:GetItem', 'dynamodb:Query'],
  // A connect or disconnect (presence.construct.ts): the device behind a client id (GetItem), its
  // presence row (a conditional PutItem); a person's connection and presence rows (GetItem), then
  // one transaction that puts the one and updates the other (PutItem, UpdateItem).
  devicesPresence: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  // A firing: the firing guard (put, get, patch, delete), the notification (get, create/put, patch),
  // recipients (BatchGetItem, Query on groups), the organisation's time zone (GetItem) and the
  // status rows (BatchWriteItem).
  notificationsScheduled: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
  // A delivery batch: the notification (GetItem), on a retry the recipients' delivery rows
  // (BatchGetItem), and the rows with each outcome (BatchWriteItem). A fired template's job
  // (decision 0039) sends as the API does: the template and the ids (GetItem, BatchGetItem), the
  // recipients (Query), the notification's create and marks (PutItem, UpdateItem) and its removal
  // when the send fails (DeleteItem).
  notificationsDelivery: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
  // A step's batch: the action (GetItem), on a retry the delivery rows (BatchGetItem), the rows
  // (BatchWriteItem). A fired template's job (decision 0039) sends as the API does: the template,
  // settings and ids (GetItem, BatchGetItem), the recipients (Query), the action's create and
  // counters (PutItem, UpdateItem) and its removal when the send fails (DeleteItem).
  actionsDelivery: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
  // A receipt: the device's user and the notification (GetItem), then one transaction that creates
  // the dedupe marker (PutItem) and updates the recipient's status row (UpdateItem).
  notificationsUplink: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  // A step's time-out: the firing guard (put, get, patch, delete), the action (GetItem), the one
  // conditional write of the escalation or expiry (UpdateItem), the next group's staged rows and on
  // expiry the unanswered users' rows (Query), the feedback recipients (Query, BatchGetItem), and
  // the batch writes the bundled kit makes (test/infra/least-privilege.test.ts holds each to a call).
  actionsScheduled: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
  // An answer: the device's user and the action (GetItem), one transaction of the dedupe marker
  // (PutItem), the recipient's row and the action row (UpdateItem); then what follows it: the close
  // (UpdateItem, the rows read by Query), the feedback recipients (Query, BatchGetItem), and an
  // escalation a late answer or declines cause (its group's staged rows by Query, the action row's
  // UpdateItem, and the rows of whom its shift activities add then: BatchWriteItem, decision 0034).
  actionsUplink: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'],
  // A task's firing: the firing guard (put, get, patch, delete), the task (GetItem), a series' child
  // (create), the recipients (BatchGetItem, Query on groups), the settings and time zone (GetItem),
  // the recipient rows (BatchWriteItem), marks of delivery, reminders and overdue notes (UpdateItem)
  // and the reminder's audience (Query).
  tasksScheduled: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
  // A task's batch: the task (GetItem), on a retry the delivery rows (BatchGetItem), the rows
  // (BatchWriteItem). A fired template's job (decision 0039) creates and activates the task as the
  // API does: the template, time zone and ids (GetItem, BatchGetItem), the recipients (Query), the
  // task's create and marks (PutItem, UpdateItem) and its removal when activation fails (DeleteItem).
  tasksDelivery: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
  // A task event: the device's user, the task and the recipient's row (GetItem); a receipt, completion
  // or decline is one transaction of the dedupe marker (PutItem) and the rows (UpdateItem); a
  // checklist batch claims the marker (PutItem, given back by DeleteItem on a failure) and ticks
  // (UpdateItem); the watches still open are read (Query) to tell them.
  tasksUplink: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  // A published week's batch: the week row (GetItem) and the activity types' names and colours
  // (Query). It writes no delivery rows, but the consumer kit's row writer (BatchWriteItem) is bundled.
  shiftsDelivery: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchWriteItem'],
  // A button press (decision 0039): the device or user, the mapping and the trigger (GetItem,
  // BatchGetItem, Query), the envelope's dedupe marker (PutItem, DeleteItem when given back), then
  // the firing: the throttle claim and the firing row (PutItem, UpdateItem, DeleteItem). The
  // bundled kit's batch writer needs BatchWriteItem.
  automationUplink: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};

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
