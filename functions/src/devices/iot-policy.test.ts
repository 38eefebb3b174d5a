import { describe, expect, it } from 'vitest';
import { topicGrantFor, userTopicGrant } from './device-auth.service.ts';
import { iotPolicyDocuments, iotPolicyFor, scopeOfArn } from './iot-policy.ts';

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

describe('IoT policy documents of a connection', () => {
  it('is one document for a device, equal to iotPolicyFor', () => {
    const grant = topicGrantFor({ orgId: 'o1', deviceId: 'D1', iotId: 'd01abc', userId: 'u1' });
    expect(iotPolicyDocuments('d01abc', grant, scope)).toEqual([iotPolicyFor('d01abc', grant, scope)]);
  });

  it('grants a person only their inbox (subscribe, receive), their events topic (publish) and their own client id', () => {
    const sub = '3f1c2b7e-3c1a-4a8e-9d4f-2f0c6e9b1a77';
    const [policy, ...rest] = iotPolicyDocuments(`user-${sub}`, userTopicGrant(sub, ['o1']), scope);
    expect(rest).toEqual([]);
    expect(policy).toEqual({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: 'iot:Connect', Resource: [arn(`client/user-${sub}`)] },
        { Effect: 'Allow', Action: 'iot:Subscribe', Resource: [arn(`topicfilter/portal/v1/o1/users/${sub}/inbox`)] },
        { Effect: 'Allow', Action: 'iot:Receive', Resource: [arn(`topic/portal/v1/o1/users/${sub}/inbox`)] },
        { Effect: 'Allow', Action: 'iot:Publish', Resource: [arn(`topic/portal/v1/o1/users/${sub}/events`)] },
      ],
    });
  });

  it('refuses a grant that does not fit in 10 documents', () => {
    const orgs = Array.from({ length: 60 }, (_, i) => `01JN4Z5Q8V3K9T2B7C6D5E4F${String(i).padStart(2, '0')}`);
    expect(() => iotPolicyDocuments('user-x', userTopicGrant('3f1c2b7e-3c1a-4a8e-9d4f-2f0c6e9b1a77', orgs), scope)).toThrow(/10 policy documents/);
  });
});
