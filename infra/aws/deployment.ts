import type { Construct } from 'constructs';

/**
 * One deployment of the portal in an AWS account and region: `npx cdk deploy -c deployment=staging`.
 * Its name is in the stack name and the MQTT topic root, so two deployments side by side (staging
 * and production in one account and region) share no stack, no IoT rule and no topic: IoT Core has
 * one message broker per account and region, and only the topic root keeps their messages apart
 * (docs/decisions/0013-aws-hardening.md).
 */
export const DEPLOYMENT_CONTEXT = 'deployment';
/** `portal`: stack `Portal-portal`, topics under `portal/v1`, the same root as the local runtime. */
export const DEFAULT_DEPLOYMENT = 'portal';

/**
 * Lower-case letters, digits and '-', starting with a letter, at most 20 characters: valid in a
 * stack name, an MQTT topic level (shared/src/devices/topics.ts), an IoT rule name (with '_' for
 * '-') and the resource names CloudFront and IoT derive from it.
 */
const DEPLOYMENT_NAME = /^[a-z][a-z0-9-]{0,19}$/;

export interface Deployment {
  readonly name: string;
  readonly stackName: string;
  /** Two MQTT topic levels, `<deployment>/v1`; the functions get it as MQTT_TOPIC_ROOT, the SPA as `mqttTopicRoot`. */
  readonly topicRoot: string;
}

export function deploymentNamed(name: string): Deployment {
  if (!DEPLOYMENT_NAME.test(name)) {
    throw new Error(`The deployment name (context '${DEPLOYMENT_CONTEXT}') must be lower-case letters, digits and '-', start with a letter and have at most 20 characters; got '${name}'`);
  }
  return { name, stackName: `Portal-${name}`, topicRoot: `${name}/v1` };
}

/** The deployment of `-c deployment=<name>`, `portal` when none is given. */
export function deploymentOf(scope: Construct): Deployment {
  const value: unknown = scope.node.tryGetContext(DEPLOYMENT_CONTEXT);
  if (value !== undefined && typeof value !== 'string') throw new Error(`Context '${DEPLOYMENT_CONTEXT}' must be a string`);
  return deploymentNamed(value || DEFAULT_DEPLOYMENT);
}

/** Environment variable with the topic root, read by functions/src/platform/config.ts (`env.mqttTopicRoot`). */
export const MQTT_TOPIC_ROOT_ENV = 'MQTT_TOPIC_ROOT';
