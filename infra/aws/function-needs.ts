import type { ModuleName } from '@portal/shared/api/route-table';
import { SCHEDULED_JOBS } from '@portal/shared/api/scheduled-jobs';
import type { DeliveryModule } from './delivery-modules.ts';
import type { TableUser } from './table-access.ts';

/** The modules with a delivery queue and function (delivery.construct.ts, decision 0020). */
export { DELIVERY_MODULES, type DeliveryModule } from './delivery-modules.ts';

/** What a function may publish to IoT Core (iot-publish.ts TOPIC_GRANTS). */
export type TopicGrantName = 'inbox' | 'deviceConfig';

/**
 * What one Lambda needs beyond the table (TABLE_ACCESS): each need is an adapter its entry registers,
 * the variables that adapter reads and the grant it calls with. An absent need means the entry must
 * not register the adapter and CDK gives neither variable nor grant.
 */
export interface FunctionNeeds {
  /** The delivery queues it sends batches or jobs to: the SQS adapter, DELIVERY_QUEUE=sqs, DELIVERY_QUEUE_URL_<MODULE>, sqs:SendMessage. */
  readonly queues?: readonly DeliveryModule[];
  /**
   * The delivery queue it consumes (a delivery function): the SQS adapter, which brings a failed
   * record back early (ChangeMessageVisibility, decision 0054), DELIVERY_QUEUE=sqs and the queue's
   * URL; the event source mapping's consume rights include sqs:ChangeMessageVisibility.
   */
  readonly consumes?: DeliveryModule;
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
 * adapter its function lacks here (infra/local/function-scope.ts), and the bundle test asserts each
 * entry registers exactly these adapters (test/infra/bundles.test.ts). A need written nowhere else
 * cannot drift: the shifts API function once got the queue's variables here but no adapter in its
 * entry, and every publish failed on AWS after the week was saved.
 */
export const FUNCTION_NEEDS: Readonly<Record<TableUser, FunctionNeeds>> = {
  organizations: {},
  identity: {},
  dashboard: {},
  'client-errors': {},
  // The logo (decision 0019); watch settings and trigger menus are in the device configurations.
  settings: { assets: true, publishes: 'deviceConfig' },
  // A user's trigger menu is in their devices' configurations.
  users: { publishes: 'deviceConfig' },
  devices: { publishes: 'deviceConfig' },
  // A send now is queued; a send later is a schedule (decision 0020).
  notifications: { queues: ['notifications'], schedules: schedulesOf('notifications') },
  // A send queues its first step and times it (a delayed job, or a schedule past 900 s); a
  // withdrawal is a job on the queue, published by the delivery function (decision 0054).
  actions: { queues: ['actions'], schedules: schedulesOf('actions') },
  tasks: { queues: ['tasks'], schedules: schedulesOf('tasks') },
  // A publish queues each affected person's week (decision 0033).
  shifts: { queues: ['shifts'] },
  // A webhook fires a workflow: one job per item on its module's queue (decision 0039); a trigger's
  // change republishes the device configurations. Its webhook secrets are sealed under the secrets
  // key (created and rotated here, opened by the webhook routes; decision 0057): nobody else has it.
  automation: { queues: ['notifications', 'actions', 'tasks'], publishes: 'deviceConfig', kms: true },
  preTokenGeneration: {},
  iotAuthorizer: {},
  devicesPresence: {},
  notificationsScheduled: { queues: ['notifications'] },
  notificationsUplink: {},
  // A time-out asks the next group (queued) and schedules its own next step; an expiry is withdrawn at once.
  actionsScheduled: { queues: ['actions'], schedules: ['actions'], publishes: 'inbox' },
  // An answer is replied to at once; a late answer may escalate.
  actionsUplink: { queues: ['actions'], schedules: ['actions'], publishes: 'inbox' },
  // A task's start queues it and schedules its child's end and reminders.
  tasksScheduled: { queues: ['tasks'], schedules: ['tasks'] },
  tasksUplink: { queues: ['tasks'] },
  automationUplink: { queues: ['notifications', 'actions', 'tasks'] },
  // Each delivery function publishes its module's batches; a fired template is sent from there, so
  // the sending modules' queue their own batches, and actions and tasks schedule what they send.
  notificationsDelivery: { consumes: 'notifications', queues: ['notifications'], publishes: 'inbox' },
  // Also an action's withdrawal (`action.closing`) and a short step's time-out (`action.forward`).
  actionsDelivery: { consumes: 'actions', queues: ['actions'], schedules: ['actions'], publishes: 'inbox' },
  tasksDelivery: { consumes: 'tasks', queues: ['tasks'], schedules: ['tasks'], publishes: 'inbox' },
  shiftsDelivery: { consumes: 'shifts', publishes: 'inbox' },
};

/** The functions with a need, e.g. every sender to `queue`, in table order. */
export function functionsNeeding(need: (needs: FunctionNeeds) => boolean): TableUser[] {
  return (Object.keys(FUNCTION_NEEDS) as TableUser[]).filter((name) => need(FUNCTION_NEEDS[name]));
}
