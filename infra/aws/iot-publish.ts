import { Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { MQTT_TOPIC_ROOT_ENV } from './deployment.ts';
import { nagRegion } from './logical-id.ts';
import type { TopicGrantName } from './function-needs.ts';

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

/**
 * What a publisher may publish: the delivery port's topics (docs/device-protocol.md). Who publishes
 * what is FUNCTION_NEEDS' `publishes` (function-needs.ts); nobody else gets iot:Publish.
 */
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
} as const satisfies Record<TopicGrantName, TopicGrant>;

export interface IotPublishSettings {
  /** The account's IoT data endpoint (IotEndpointConstruct). */
  readonly endpointAddress: string;
  /** The deployment's MQTT topic root, e.g. `portal/v1` (deployment.ts). */
  readonly topicRoot: string;
}

/**
 * Gives `fn` the publish right of `grantName` under the deployment's root, the data endpoint the
 * delivery port's AWS adapter publishes to (IOT_DATA_ENDPOINT) and the topic root.
 */
export function grantIotPublish(fn: NodejsFunction, grantName: TopicGrantName, settings: IotPublishSettings): void {
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
