import { describe, expect, it } from 'vitest';
import { FUNCTION_NEEDS } from '../../infra/aws/function-needs.ts';
import { OPERATIONAL_ALARMS } from '../../infra/aws/operational-alarms.ts';
import { synthPortal, type Resource } from './support.ts';

const { template } = synthPortal();
const topicId = () => Object.keys(template.findResources('AWS::SNS::Topic'))[0]!;
const alarms = () => Object.values(template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>);
const toTopic = (alarm: Resource) => JSON.stringify(alarm.Properties.AlarmActions) === JSON.stringify([{ Ref: topicId() }]);

describe('alarms reach someone (issue 27)', () => {
  it("lets CloudWatch alarms of this account publish to the alarm topic, beside enforceSSL's Deny", () => {
    const [policy] = Object.values(template.findResources('AWS::SNS::TopicPolicy') as Record<string, Resource>);
    const statements = policy!.Properties.PolicyDocument.Statement as Array<Record<string, unknown>>;
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    expect(statements).toContainEqual({
      Sid: 'CloudWatchAlarmsOfThisAccount',
      Effect: 'Allow',
      Principal: { Service: 'cloudwatch.amazonaws.com' },
      Action: 'sns:Publish',
      Resource: { Ref: topicId() },
      Condition: {
        StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
        ArnLike: { 'aws:SourceArn': { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudwatch:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':alarm:*']] } },
      },
    });
  });

  it('alarms on API answers with status 5xx', () => {
    const api = alarms().filter((a) => a.Properties.Namespace === 'AWS/ApiGateway' && a.Properties.MetricName === '5xx');
    expect(api).toHaveLength(1);
    expect(api[0]!.Properties).toMatchObject({ Statistic: 'Sum', Threshold: OPERATIONAL_ALARMS.apiServerErrors.threshold, ComparisonOperator: 'GreaterThanThreshold' });
    expect(toTopic(api[0]!)).toBe(true);
  });

  it('alarms on the errors and throttles of every function of FUNCTION_NEEDS, one alarm each', () => {
    const failures = alarms().filter((a) => (a.Properties.Metrics as Array<{ Expression?: string }> | undefined)?.some((m) => m.Expression === 'errors + throttles'));
    expect(failures).toHaveLength(Object.keys(FUNCTION_NEEDS).length);
    for (const alarm of failures) {
      const metrics = alarm.Properties.Metrics as Array<{ MetricStat?: { Metric: { MetricName: string; Dimensions: unknown[] } } }>;
      expect(metrics.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : [])).sort()).toEqual(['Errors', 'Throttles']);
      expect(toTopic(alarm)).toBe(true);
    }
    // Each names one function, and no function is alarmed on twice.
    const named = failures.map((a) => JSON.stringify((a.Properties.Metrics as Array<{ MetricStat?: { Metric: { Dimensions: unknown[] } } }>)[1]!.MetricStat?.Metric.Dimensions));
    expect(new Set(named).size).toBe(failures.length);
  });

  it('alarms when a delivery queue holds a message older than its threshold', () => {
    const ages = alarms().filter((a) => a.Properties.MetricName === 'ApproximateAgeOfOldestMessage');
    expect(ages).toHaveLength(4);
    for (const alarm of ages) {
      expect(alarm.Properties).toMatchObject({ Namespace: 'AWS/SQS', Statistic: 'Maximum', Threshold: OPERATIONAL_ALARMS.queueOldestMessageSeconds.threshold });
      expect(toTopic(alarm)).toBe(true);
    }
  });
});
