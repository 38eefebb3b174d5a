import type { ModuleName } from '@portal/shared/api/route-table';
import { SCHEDULED_JOBS } from '@portal/shared/api/scheduled-jobs';
import type { EventFunctionName } from './event-functions.ts';

/**
 * Least privilege on the table: every Lambda gets exactly the DynamoDB actions its code calls, read
 * off the code it bundles (its handler, the services and repositories it imports, and the platform
 * code they use). ElectroDB maps as: get -> GetItem, get([...]) -> BatchGetItem, create/put ->
 * PutItem, patch/update/upsert -> UpdateItem, delete/remove -> DeleteItem, query -> Query,
 * put([...])/delete([...]) -> BatchWriteItem. A transaction (TransactWriteItems) needs the action of
 * each item it writes (create/put: PutItem, update/patch: UpdateItem, delete: DeleteItem, check:
 * ConditionCheckItem); TransactWriteItems is no IAM action of its own.
 *
 * When code starts calling another operation, add the action to the function's `table` in FUNCTION_NEEDS;
 * test/infra/least-privilege.test.ts asserts each function's policy against it (table-access.ts grants it).
 */
export type TableAction = `dynamodb:${TableActionName}`;
type TableActionName = 'GetItem' | 'BatchGetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem' | 'ConditionCheckItem' | 'DescribeTable';

/**
 * Every Lambda of the portal (each uses the table): the API modules, the two triggers, and the event
 * functions of the scheduled-jobs and uplink tables (`event-functions.ts`), so a new row asks for its
 * row in FUNCTION_NEEDS.
 */
export type TableUser = ModuleName | 'preTokenGeneration' | 'iotAuthorizer' | 'devicesPresence' | EventFunctionName | DeliveryFunctionName;

/** A function's table actions, written without the `dynamodb:` every one of them has. */
const dynamo = (...actions: TableActionName[]): readonly TableAction[] => actions.map((action) => `dynamodb:${action}` as const);

/** What most functions of a module that writes items calls: every item action but the condition check and DescribeTable. */
const EVERY_ITEM_ACTION = dynamo('GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem');

/** What a function may publish to IoT Core (iot-publish.ts TOPIC_GRANTS). */
export type TopicGrantName = 'inbox' | 'deviceConfig';

/**
 * What one Lambda needs: its table actions, and beyond the table each need is an adapter its entry
 * registers, the variables that adapter reads and the grant it calls with. An absent need means the
 * entry must not register the adapter and CDK gives neither variable nor grant.
 */
export interface FunctionNeeds<Queue extends ModuleName = DeliveryModule> {
  /** The DynamoDB actions its bundled code calls (table-access.ts grants them, with TABLE_NAME). */
  readonly table: readonly TableAction[];
  /** The delivery queues it sends batches or jobs to: the SQS adapter, DELIVERY_QUEUE=sqs, DELIVERY_QUEUE_URL_<MODULE>, sqs:SendMessage. */
  readonly queues?: readonly Queue[];
  /**
   * The delivery queue it consumes (a delivery function): the SQS adapter, which brings a failed
   * record back early (ChangeMessageVisibility, decision 0054), DELIVERY_QUEUE=sqs and the queue's
   * URL; the event source mapping's consume rights include sqs:ChangeMessageVisibility.
   */
  readonly consumes?: Queue;
  /** The modules whose schedules it creates and deletes: the EventBridge adapter, SCHEDULER=eventbridge, their targets' ARNs, scheduler rights. */
  readonly schedules?: readonly ModuleName[];
  /** What it publishes to IoT Core: the IoT data adapter, IOT_DATA_ENDPOINT, MQTT_TOPIC_ROOT, iot:Publish on those topics. */
  readonly publishes?: TopicGrantName;
  /** The assets bucket (the organisation's logo): the S3 adapter, ASSETS_BUCKET, object rights on organisation keys. */
  readonly assets?: true;
  /**
   * The secrets key (webhook secrets sealed at rest, decision 0057): the KMS adapter of the secret
   * cipher port, SECRETS_KMS_KEY_ARN, kms:Encrypt and kms:Decrypt on that key only with the
   * encryption context of a webhook secret's row (secrets-key.construct.ts).
   */
  readonly kms?: true;
}

/** The modules whose jobs an API module schedules (`scheduledBy` of shared/src/api/scheduled-jobs.ts). */
const schedulesOf = (module: ModuleName): ModuleName[] => [...new Set(SCHEDULED_JOBS.filter((job) => (job.scheduledBy as readonly ModuleName[]).includes(module)).map((job) => job.module))];

/**
 * THE table of what each Lambda needs (issue 27): CDK derives every function's adapters' variables
 * and grants from it (function-needs.construct.ts), the local runtime refuses a call through an
 * adapter its function lacks here (infra/local/function-scope.ts), the bundle test asserts each
 * entry registers exactly these adapters (test/infra/bundles.test.ts), and the least-privilege test
 * that its `table` is exactly what its bundle calls. The table's actions are a row's `table`, not
 * a second table keyed by the same names (issue 29: a module's functions are declared once). A need written nowhere else
 * cannot drift: the shifts API function once got the queue's variables here but no adapter in its
 * entry, and every publish failed on AWS after the week was saved.
 */
const ROWS = {
  // Every API module reads the caller's membership (GetItem) in the HTTP preset, and on a feature
  // route the membership and the feature flags in one BatchGetItem (access-rows.ts).
  // Health probes the table (DescribeTable); listing reads memberships (Query) and organisations
  // (BatchGetItem); sign-up founds an organisation in one transaction of creates and the roster
  // update (PutItem, UpdateItem) and creates the user account (PutItem).
  organizations: { table: dynamo('GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DescribeTable') },
  // /api/me reads the account (GetItem); the migration password change clears its flag (patch).
  identity: { table: dynamo('GetItem', 'BatchGetItem', 'UpdateItem') },
  // Dashboard (decision 0036): the panels read one Query each (actions' sent list, tasks by start on
  // gsi2, the published shifts of the date's week and the week before), the time zone and flags
  // (GetItem); the custom dashboard's panels are one section row (GetItem, PutItem).
  dashboard: { table: dynamo('GetItem', 'BatchGetItem', 'Query', 'PutItem') },
  // The audit trail (issue 32): its entries of a range (Query) and the time zone (GetItem). The
  // bundled access check's BatchGetItem (membership and flags) is never run: the route has no flag.
  // The modules that change things write the entries (PutItem, which each of them has).
  audit: { table: dynamo('GetItem', 'BatchGetItem', 'Query') },
  // The reports (decision 0087): rollups of a range and a page of facts (Query, AP95, AP96), the
  // time zone (GetItem), the names read at answer time through the modules' public helpers:
  // templates, triggers, user groups, activity types (Query) and people (BatchGetItem). Read
  // only: the modules write facts and rollups as their items change. The access check reads the
  // membership and the flags (BatchGetItem).
  reports: { table: dynamo('GetItem', 'BatchGetItem', 'Query') },
  // Error reports: the per-caller quota row (UpdateItem, AP83); the HTTP preset's membership read
  // (GetItem) is bundled though its public route never runs it.
  'client-errors': { table: dynamo('GetItem', 'BatchGetItem', 'UpdateItem') },
  // General settings: get and upsert; the ids they name are checked in one BatchGetItem (owned-ids).
  // Watch settings: get and put. A change of either republishes the organisation's device configs
  // (device-config, decision 0064): the devices a page at a time and the trigger names (Query), the users'
  // menus (BatchGetItem), a tablet's settings, design template and trigger group (GetItem).
  // The logo (decision 0019); watch settings and trigger menus are in the device configurations.
  settings: { table: dynamo('GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'), assets: true, publishes: 'deviceConfig' },
  // Users and groups: gets and batch gets, searches (Query), group create/patch/delete, member rows
  // in batches (BatchWriteItem), user transactions with creates, puts, roster updates, deletes and
  // the last-superadmin check (ConditionCheckItem), and the user account (PutItem).
  // A user's trigger menu is in their devices' configurations.
  users: { table: dynamo('GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'), publishes: 'deviceConfig' },
  // Devices, lookups, tablet settings and design templates: gets, lists (Query), creates and puts,
  // deletes, and transactions of those; a device update patches the device row and its token's
  // lookup row (UpdateItem); no batch write. Owned ids in one BatchGetItem.
  devices: { table: dynamo('GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'), publishes: 'deviceConfig' },
  // Notifications and templates: gets, recipients (BatchGetItem on memberships and roster shards),
  // lists (Query), create/put/patch/delete, and the per-recipient status rows (BatchWriteItem).
  // The table scheduler adapter's rows are never written on AWS (SCHEDULER=eventbridge).
  // A send now is queued; a send later is a schedule (decision 0020).
  notifications: { table: EVERY_ITEM_ACTION, queues: ['notifications'], schedules: schedulesOf('notifications') },
  // Actions, templates and settings: gets, ids and recipients (BatchGetItem), lists, recipient rows
  // and recipient resolution (Query), creates and puts, the withdrawal (UpdateItem), deletes, and
  // each step's recipient rows (BatchWriteItem). Every actions function refreshes the action's
  // report fact where the action changed (decision 0087): GetItem of the ref, fact, row and time
  // zone, and one transaction of puts, a delete and the rollups' ADDs (UpdateItem).
  // A send queues its asking (decision 0076) and a withdrawal its closing, jobs the delivery
  // function runs, which writes the rows, publishes and times the steps (decision 0054): no schedules.
  actions: { table: EVERY_ITEM_ACTION, queues: ['actions'] },
  // Tasks, drafts, templates and settings (helper A's services) and their activation: gets, ids and
  // recipients (BatchGetItem), lists, series and recipient rows (Query), creates and puts
  // (activation, drafts, transactions), patches (delivery, completion, ticks), deletes, and the
  // recipient rows at a start delivered now (BatchWriteItem).
  tasks: { table: EVERY_ITEM_ACTION, queues: ['tasks'], schedules: schedulesOf('tasks') },
  // Shifts (decision 0031): gets (shifts, weeks, templates, the time zone), ids (BatchGetItem), week
  // and list queries, puts and creates, the published marks and activity type edits (UpdateItem),
  // deletes, and a publish's assignment rows (BatchWriteItem).
  // A publish queues each affected person's week (decision 0033).
  shifts: { table: EVERY_ITEM_ACTION, queues: ['shifts'] },
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
  // A webhook fires a workflow: one job per item on its module's queue (decision 0039); a trigger's
  // change republishes the device configurations. Its webhook secrets are sealed under the secrets
  // key (created and rotated here, opened by the webhook routes; decision 0057): nobody else has it.
  automation: { table: dynamo('GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'), queues: ['notifications', 'actions', 'tasks'], publishes: 'deviceConfig', kms: true },
  // The memberships of the signing-in user (a Query by user), nothing else.
  preTokenGeneration: { table: dynamo('Query') },
  // A device: its token's lookup row (GetItem). A person (the watch emulator, ID token): the
  // organisations they belong to, a Query of their memberships by user. Nothing is written.
  iotAuthorizer: { table: dynamo('GetItem', 'Query') },
  // A connect or disconnect (presence.construct.ts): the device behind a client id (GetItem), its
  // presence row (a conditional PutItem); a person's connection and presence rows (GetItem), then
  // one transaction that puts the one and updates the other (PutItem, UpdateItem).
  devicesPresence: { table: dynamo('GetItem', 'PutItem', 'UpdateItem') },
  // A firing: the firing guard (put, get, patch, delete), the notification (get, create/put, patch),
  // recipients (BatchGetItem, Query on groups), the organisation's time zone (GetItem) and the
  // status rows (BatchWriteItem).
  notificationsScheduled: { table: EVERY_ITEM_ACTION, queues: ['notifications'] },
  // A receipt: the device's user and the notification (GetItem), then one transaction that creates
  // the dedupe marker (PutItem) and updates the recipient's status row (UpdateItem).
  notificationsUplink: { table: dynamo('GetItem', 'PutItem', 'UpdateItem') },
  // A step's time-out: the firing guard (put, get, patch, delete), the action (GetItem), the one
  // conditional write of the escalation or expiry (UpdateItem), the next group's staged rows and on
  // expiry the unanswered users' rows (Query), the feedback recipients (Query, BatchGetItem), and
  // the batch writes the bundled kit makes (test/infra/least-privilege.test.ts holds each to a call).
  // A time-out asks the next group (queued) and schedules its own next step; an expiry is withdrawn at once.
  actionsScheduled: { table: EVERY_ITEM_ACTION, queues: ['actions'], schedules: ['actions'], publishes: 'inbox' },
  // An answer: the device's user and the action (GetItem), one transaction of the dedupe marker
  // (PutItem), the recipient's row and the action row (UpdateItem); then what follows it: the close
  // (UpdateItem, the rows read by Query), the feedback recipients (Query, BatchGetItem), and an
  // escalation a late answer or declines cause (its group's staged rows by Query, the action row's
  // UpdateItem, and the rows of whom its shift activities add then: BatchWriteItem, decision 0034).
  // An answer is replied to at once; a late answer may escalate. Then the action's report fact
  // (decision 0087): its ref, fact and the time zone (GetItem), one transaction of the ref's and
  // fact's puts, the old fact's delete when it moved (DeleteItem) and the rollups' ADDs (UpdateItem).
  actionsUplink: { table: dynamo('GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'), queues: ['actions'], schedules: ['actions'], publishes: 'inbox' },
  // A task's firing: the firing guard (put, get, patch, delete), the task (GetItem), a series' child
  // (create), the recipients (BatchGetItem, Query on groups), the settings and time zone (GetItem),
  // the recipient rows (BatchWriteItem), marks of delivery, reminders and overdue notes (UpdateItem)
  // and the reminder's audience (Query).
  // A task's start queues it and schedules its child's end and reminders.
  tasksScheduled: { table: EVERY_ITEM_ACTION, queues: ['tasks'], schedules: ['tasks'] },
  // A task event: the device's user, the task and the recipient's row (GetItem); a receipt, completion
  // or decline is one transaction of the dedupe marker (PutItem) and the rows (UpdateItem); a
  // checklist batch claims the marker (PutItem, given back by DeleteItem on a failure) and ticks
  // (UpdateItem); the watches still open are read (Query) to tell them.
  tasksUplink: { table: dynamo('GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'), queues: ['tasks'] },
  // A button press (decision 0039): the device or user, the mapping and the trigger (GetItem,
  // BatchGetItem, Query), the envelope's dedupe marker (PutItem, DeleteItem when given back), then
  // the firing: the throttle claim and the firing row (PutItem, UpdateItem, DeleteItem). The
  // bundled kit's batch writer needs BatchWriteItem.
  automationUplink: { table: EVERY_ITEM_ACTION, queues: ['notifications', 'actions', 'tasks'] },
  // A delivery batch: the notification (GetItem), on a retry the recipients' delivery rows
  // (BatchGetItem), and the rows with each outcome (BatchWriteItem). A fired template's job
  // (decision 0039) sends as the API does: the template and the ids (GetItem, BatchGetItem), the
  // recipients (Query), the notification's create and marks (PutItem, UpdateItem) and its removal
  // when the send fails (DeleteItem).
  // Each delivery function publishes its module's batches; a fired template is sent from there, so
  // the sending modules' queue their own batches, and actions and tasks schedule what they send.
  notificationsDelivery: { table: EVERY_ITEM_ACTION, consumes: 'notifications', queues: ['notifications'], publishes: 'inbox' },
  // A step's batch: the action (GetItem), on a retry the delivery rows (BatchGetItem), the rows
  // (BatchWriteItem). A fired template's job (decision 0039) sends as the API does: the template,
  // settings and ids (GetItem, BatchGetItem), the recipients (Query), the action's create and
  // counters (PutItem, UpdateItem) and its removal when the send fails (DeleteItem). Also an
  // action's asking (`action.ask`: the rows, Query and BatchWriteItem; the step, UpdateItem), its
  // withdrawal (`action.closing`) and a short step's time-out (`action.forward`).
  actionsDelivery: { table: EVERY_ITEM_ACTION, consumes: 'actions', queues: ['actions'], schedules: ['actions'], publishes: 'inbox' },
  // A task's batch: the task (GetItem), on a retry the delivery rows (BatchGetItem), the rows
  // (BatchWriteItem). A fired template's job (decision 0039) creates and activates the task as the
  // API does: the template, time zone and ids (GetItem, BatchGetItem), the recipients (Query), the
  // task's create and marks (PutItem, UpdateItem) and its removal when activation fails (DeleteItem).
  tasksDelivery: { table: EVERY_ITEM_ACTION, consumes: 'tasks', queues: ['tasks'], schedules: ['tasks'], publishes: 'inbox' },
  // A published week's batch: the week row (GetItem) and the activity types' names and colours
  // (Query). It writes no delivery rows, but the consumer kit's row writer (BatchWriteItem) is bundled.
  shiftsDelivery: { table: dynamo('GetItem', 'Query', 'BatchWriteItem'), consumes: 'shifts', publishes: 'inbox' },
} as const satisfies Readonly<Record<string, FunctionNeeds<ModuleName>>>;

/**
 * The modules with a delivery queue and function (delivery.construct.ts, decision 0020): read off
 * the `consumes` of the rows above, so a sending module is named by its `<module>Delivery` row only
 * (issue 29), in table order. The senders' `queues` are checked against them by FUNCTION_NEEDS' type.
 */
export type DeliveryModule = { [Name in keyof typeof ROWS]: (typeof ROWS)[Name] extends { consumes: infer Module } ? Module : never }[keyof typeof ROWS];
export const DELIVERY_MODULES: readonly DeliveryModule[] = Object.values(ROWS).flatMap((row: FunctionNeeds<ModuleName>) => (row.consumes ? [row.consumes as DeliveryModule] : []));

/** `notificationsDelivery`: keys the grants that are data (FUNCTION_NEEDS, iot-publish.ts). */
export type DeliveryFunctionName = `${DeliveryModule}Delivery`;

/** The table above, each function's row checked: every function has one, and sends only to the delivery modules' queues. */
export const FUNCTION_NEEDS: Readonly<Record<TableUser, FunctionNeeds>> = ROWS;

/** The functions with a need, e.g. every sender to `queue`, in table order. */
export function functionsNeeding(need: (needs: FunctionNeeds) => boolean): TableUser[] {
  return (Object.keys(FUNCTION_NEEDS) as TableUser[]).filter((name) => need(FUNCTION_NEEDS[name]));
}
