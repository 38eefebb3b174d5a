import { Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { MQTT_TOPIC_ROOT_ENV } from './deployment.ts';
import { nagRegion } from './logical-id.ts';
import type { TableUser } from './table-access.ts';

/** `<root>/{orgId}/users/{userId}/inbox` for any ids. */
export const inboxTopics = (topicRoot: string) => `${topicRoot}/*/users/*/inbox`;

/** Every device's retained configuration topic under the root (`{root}/{orgId}/devices/{deviceId}/config`), nothing else. */
export const deviceConfigTopics = (topicRoot: string) => `${topicRoot}/*/devices/*/config`;

interface TopicGrant {
  readonly actions: readonly string[];
  /** The IAM topic pattern under the deployment's root. */
  readonly topics: (topicRoot: string) => string;
  /** Why the pattern holds wildcards (cdk-nag AwsSolutions-IAM5). */
  readonly reason: (topicRoot: string) => string;
}

/** What a publisher may publish: the delivery port's topics (docs/device-protocol.md). */
export const TOPIC_GRANTS = {
  /** Messages to people (notifications; actions and tasks next): publish, never retained. */
  inbox: {
    actions: ['iot:Publish'],
    topics: inboxTopics,
    reason: (root) =>
      `Messages go to the inbox of any user of any organisation (${root}/{orgId}/users/{userId}/inbox); ids are created at run time, so only the inbox pattern can be named.`,
  },
  /** A device's configuration, retained so a device that connects later gets it; cleared by a retained empty message. */
  deviceConfig: {
    actions: ['iot:Publish', 'iot:RetainPublish'],
    topics: deviceConfigTopics,
    reason: (root) =>
      `The devices module publishes the retained configuration of any device of any organisation (${root}/{orgId}/devices/{deviceId}/config); ids are created at run time, so only the config-topic pattern can be named.`,
  },
} as const satisfies Record<string, TopicGrant>;

export type TopicGrantName = keyof typeof TOPIC_GRANTS;

/**
 * Least privilege on IoT Core, as data like `TABLE_ACCESS`: the Lambdas that publish through the
 * delivery port and what each may publish to. Nobody else gets iot:Publish. A module whose API or
 * delivery function (delivery.construct.ts) sends to people is named here with `inbox`.
 */
export const IOT_PUBLISH: Readonly<Partial<Record<TableUser, TopicGrantName>>> = {
  // Publishes (and clears) device configurations; nothing else.
  devices: 'deviceConfig',
  // A trigger group, a trigger's name or deletion and the trigger menus are in the device configs:
  // a change republishes the organisation's (devices/public.ts republishDeviceConfigs).
  automation: 'deviceConfig',
  // Watch settings, trigger menus and the tablet map, and a user's trigger menu, are in the device
  // configs: a change republishes the organisation's (devices/public.ts republishDeviceConfigs).
  settings: 'deviceConfig',
  users: 'deviceConfig',
  // Sends of notifications, now or scheduled, are published by the delivery function only (decision 0020).
  notificationsDelivery: 'inbox',
  // Each step of an action is published by the actions delivery function only.
  actionsDelivery: 'inbox',
  // The reply to an answer, the withdrawal of a closed action and its feedback (functions/src/actions/downlink.ts).
  actionsUplink: 'inbox',
  actionsScheduled: 'inbox',
  // A task at its start and every note about it (updates, withdrawals, reminders, the overdue note)
  // are published by the tasks delivery function only (decision 0029).
  tasksDelivery: 'inbox',
  // Each affected person's week after a publish, by the shifts delivery function only (decision 0033).
  shiftsDelivery: 'inbox',
};

export interface IotPublishSettings {
  /** The account's IoT data endpoint (IotEndpointConstruct). */
  readonly endpointAddress: string;
  /** The deployment's MQTT topic root, e.g. `portal/v1` (deployment.ts). */
  readonly topicRoot: string;
}

/**
 * Gives each function of IOT_PUBLISH its publish right under the deployment's root, the data
 * endpoint the delivery port's AWS adapter publishes to (IOT_DATA_ENDPOINT) and the topic root.
 */
export function grantIotPublish(functions: Partial<Record<TableUser, NodejsFunction>>, settings: IotPublishSettings): void {
  for (const [name, grantName] of Object.entries(IOT_PUBLISH) as Array<[TableUser, TopicGrantName]>) {
    const fn = functions[name];
    if (!fn) throw new Error(`IOT_PUBLISH names '${name}', which the stack does not build`);
    const grant: TopicGrant = TOPIC_GRANTS[grantName];
    const topics = grant.topics(settings.topicRoot);
    fn.addEnvironment('IOT_DATA_ENDPOINT', settings.endpointAddress);
    fn.addEnvironment(MQTT_TOPIC_ROOT_ENV, settings.topicRoot);
    fn.addToRolePolicy(
      new PolicyStatement({ actions: [...grant.actions], resources: [Stack.of(fn).formatArn({ service: 'iot', resource: 'topic', resourceName: topics })] }),
    );
    if (fn.role) {
      Validations.of(fn.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:iot:${nagRegion(fn)}:<AWS::AccountId>:topic/${topics}]`,
        reason: grant.reason(settings.topicRoot),
      });
    }
  }
}
