import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData, type IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { alarmTopicOf } from './dead-letter.ts';
import { pascal } from './logical-id.ts';

/**
 * When each alarm goes off. A queued send older than a short action step (30 s by default, decision
 * 0024) is late for someone; five minutes of it is a consumer that is failing or throttled.
 */
export const OPERATIONAL_ALARMS = {
  apiServerErrors: { threshold: 5, periodMinutes: 5 },
  functionFailures: { threshold: 0, periodMinutes: 5 },
  queueOldestMessageSeconds: { threshold: 300, periodMinutes: 5 },
} as const;

export interface OperationalAlarmsProps {
  readonly httpApi: HttpApi;
  /** Every Lambda of the stack, by its name in FUNCTION_NEEDS. */
  readonly functions: Readonly<Record<string, LambdaFunction>>;
  /** The delivery queues, by module. */
  readonly deliveryQueues: Readonly<Record<string, Queue>>;
}

/**
 * The alarms that would have shown issue 27's faults on the first day (a publish that throws after
 * saving, a withdrawal answering 500, a delivery that never empties its queue): API 5xx answers,
 * each function's errors and throttles (one alarm each, errors + throttles as one expression), and
 * the age of the oldest message on each delivery queue. All go to the stack's alarm topic.
 */
export class OperationalAlarms extends Construct {
  readonly alarms: IAlarm[] = [];

  constructor(scope: Construct, id: string, props: OperationalAlarmsProps) {
    super(scope, id);
    const { apiServerErrors, functionFailures, queueOldestMessageSeconds } = OPERATIONAL_ALARMS;

    this.add(
      new Alarm(this, 'ApiServerErrors', {
        alarmDescription: `More than ${apiServerErrors.threshold} API answers with status 5xx in ${apiServerErrors.periodMinutes} minutes: see the functions' log groups for "error"`,
        metric: props.httpApi.metricServerError({ period: Duration.minutes(apiServerErrors.periodMinutes), statistic: 'Sum' }),
        threshold: apiServerErrors.threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    for (const [name, fn] of Object.entries(props.functions)) {
      const period = Duration.minutes(functionFailures.periodMinutes);
      this.add(
        new Alarm(this, `${pascal(name)}Failures`, {
          alarmDescription: `The ${name} function failed or was throttled (Lambda Errors + Throttles > ${functionFailures.threshold} in ${functionFailures.periodMinutes} minutes)`,
          metric: new MathExpression({
            expression: 'errors + throttles',
            usingMetrics: { errors: fn.metricErrors({ period, statistic: 'Sum' }), throttles: fn.metricThrottles({ period, statistic: 'Sum' }) },
            period,
          }),
          threshold: functionFailures.threshold,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    for (const [module, queue] of Object.entries(props.deliveryQueues)) {
      this.add(
        queue
          .metricApproximateAgeOfOldestMessage({ period: Duration.minutes(queueOldestMessageSeconds.periodMinutes), statistic: 'Maximum' })
          .createAlarm(this, `${pascal(module)}QueueAge`, {
            alarmDescription: `A ${module} delivery batch or job has waited more than ${queueOldestMessageSeconds.threshold} s in its queue: the delivery function is failing, throttled or too slow`,
            threshold: queueOldestMessageSeconds.threshold,
            comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
            evaluationPeriods: 1,
            treatMissingData: TreatMissingData.NOT_BREACHING,
          }),
      );
    }
  }

  private add(alarm: Alarm): void {
    alarm.addAlarmAction(new SnsAction(alarmTopicOf(this)));
    this.alarms.push(alarm);
  }
}
