import type { PolicyDocument } from 'aws-lambda';
import type { TopicGrant } from './device-auth.service.ts';

export interface AwsScope {
  partition: string;
  region: string;
  account: string;
}

/** Partition, region and account of a Lambda ARN (`arn:aws:lambda:eu-central-1:123456789012:function:x`). */
export function scopeOfArn(arn: string | undefined): Partial<AwsScope> {
  const [, partition, , region, account] = (arn ?? '').split(':');
  return { partition: partition || undefined, region: region || undefined, account: account || undefined };
}

type Entry = { action: string; resource: string };

function entriesOf(clientId: string, grant: TopicGrant, scope: AwsScope): Entry[] {
  const arn = (resource: string) => `arn:${scope.partition}:iot:${scope.region}:${scope.account}:${resource}`;
  return [
    { action: 'iot:Connect', resource: arn(`client/${clientId}`) },
    ...grant.subscribe.map((t) => ({ action: 'iot:Subscribe', resource: arn(`topicfilter/${t}`) })),
    ...grant.subscribe.map((t) => ({ action: 'iot:Receive', resource: arn(`topic/${t}`) })),
    ...grant.publish.map((t) => ({ action: 'iot:Publish', resource: arn(`topic/${t}`) })),
  ];
}

/** One statement per action, in the order of first appearance. */
function documentOf(entries: Entry[]): PolicyDocument {
  const byAction = new Map<string, string[]>();
  for (const { action, resource } of entries) byAction.set(action, [...(byAction.get(action) ?? []), resource]);
  return {
    Version: '2012-10-17',
    Statement: [...byAction].map(([action, resources]) => ({ Effect: 'Allow' as const, Action: action, Resource: resources })),
  };
}

/**
 * The IoT Core policy of one connection: connect as exactly its own client id (decision 0011),
 * subscribe to and receive its own topics, publish its events. IoT ARNs name MQTT topics after
 * `topic/` (publish, receive) and topic filters after `topicfilter/` (subscribe).
 */
export function iotPolicyFor(clientId: string, grant: TopicGrant, scope: AwsScope): PolicyDocument {
  return documentOf(entriesOf(clientId, grant, scope));
}

/** IoT Core takes at most 10 policy documents of at most 2,048 characters from a custom authorizer. */
export const MAX_POLICY_DOCUMENTS = 10;
export const MAX_POLICY_CHARACTERS = 2048;

/**
 * The same policy split over as many documents as it needs: a device's fits in one, a person who
 * is a member of many organisations (three resources each) needs more. IoT Core allows the union.
 * Throws when it does not fit at all.
 */
export function iotPolicyDocuments(clientId: string, grant: TopicGrant, scope: AwsScope): PolicyDocument[] {
  const documents: Entry[][] = [];
  let current: Entry[] = [];
  for (const entry of entriesOf(clientId, grant, scope)) {
    const next = [...current, entry];
    if (current.length && JSON.stringify(documentOf(next)).length > MAX_POLICY_CHARACTERS) {
      documents.push(current);
      current = [entry];
    } else {
      current = next;
    }
  }
  documents.push(current);
  const policies = documents.map(documentOf);
  if (policies.length > MAX_POLICY_DOCUMENTS || policies.some((p) => JSON.stringify(p).length > MAX_POLICY_CHARACTERS)) {
    throw new Error(`The grant needs more than ${MAX_POLICY_DOCUMENTS} policy documents of ${MAX_POLICY_CHARACTERS} characters`);
  }
  return policies;
}
