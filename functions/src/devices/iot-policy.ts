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

/**
 * The IoT Core policy of one connection: connect as its own client id, subscribe to and receive
 * its own topics, publish its events. IoT ARNs name MQTT topics after `topic/` (publish, receive)
 * and topic filters after `topicfilter/` (subscribe).
 */
export function iotPolicyFor(clientId: string, grant: TopicGrant, scope: AwsScope): PolicyDocument {
  const arn = (resource: string) => `arn:${scope.partition}:iot:${scope.region}:${scope.account}:${resource}`;
  const statement = (action: string, resources: string[]) => ({ Effect: 'Allow' as const, Action: action, Resource: resources });
  return {
    Version: '2012-10-17',
    Statement: [
      statement('iot:Connect', [arn(`client/${clientId}`)]),
      ...(grant.subscribe.length
        ? [
            statement('iot:Subscribe', grant.subscribe.map((t) => arn(`topicfilter/${t}`))),
            statement('iot:Receive', grant.subscribe.map((t) => arn(`topic/${t}`))),
          ]
        : []),
      ...(grant.publish.length ? [statement('iot:Publish', grant.publish.map((t) => arn(`topic/${t}`)))] : []),
    ],
  };
}
