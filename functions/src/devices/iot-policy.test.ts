import { describe, expect, it } from 'vitest';
import { topicGrantFor } from './device-auth.service.ts';
import { iotPolicyFor, scopeOfArn } from './iot-policy.ts';

const scope = { partition: 'aws', region: 'eu-central-1', account: '123456789012' };
const arn = (resource: string) => `arn:aws:iot:eu-central-1:123456789012:${resource}`;

describe('IoT policy of a device connection', () => {
  it('allows connecting as its client id, its inbox and config, and publishing its events only', () => {
    const grant = topicGrantFor({ orgId: 'o1', deviceId: 'D1', iotId: 'd01abc', userId: 'u1' });
    expect(iotPolicyFor('d01abc', grant, scope)).toEqual({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: 'iot:Connect', Resource: [arn('client/d01abc')] },
        { Effect: 'Allow', Action: 'iot:Subscribe', Resource: [arn('topicfilter/portal/v1/o1/users/u1/inbox'), arn('topicfilter/portal/v1/o1/devices/D1/config')] },
        { Effect: 'Allow', Action: 'iot:Receive', Resource: [arn('topic/portal/v1/o1/users/u1/inbox'), arn('topic/portal/v1/o1/devices/D1/config')] },
        { Effect: 'Allow', Action: 'iot:Publish', Resource: [arn('topic/portal/v1/o1/devices/D1/events')] },
      ],
    });
  });

  it('leaves out the inbox of a device that serves no user', () => {
    const policy = iotPolicyFor('d01abc', topicGrantFor({ orgId: 'o1', deviceId: 'D1', iotId: 'd01abc' }), scope);
    const resources = policy.Statement.flatMap((s) => ('Resource' in s ? [s.Resource].flat() : []));
    expect(resources.some((r) => String(r).includes('/users/'))).toBe(false);
  });

  it('stays within the 2,048 characters IoT Core allows per policy document', () => {
    const long = 'x'.repeat(36);
    const policy = iotPolicyFor(`d${long}`, topicGrantFor({ orgId: long, deviceId: long, iotId: `d${long}`, userId: long }), scope);
    expect(JSON.stringify(policy).length).toBeLessThan(2048);
  });

  it('reads partition, region and account from a Lambda ARN', () => {
    expect(scopeOfArn('arn:aws-cn:lambda:cn-north-1:210987654321:function:auth')).toEqual({ partition: 'aws-cn', region: 'cn-north-1', account: '210987654321' });
    expect(scopeOfArn(undefined)).toEqual({ partition: undefined, region: undefined, account: undefined });
  });
});
