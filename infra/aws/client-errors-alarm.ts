import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { CLIENT_ERROR_LOG_MESSAGE } from '@portal/shared/client-errors/client-error.schema';
import { alarmTopicOf } from './dead-letter.ts';

/** Where the count appears in CloudWatch, and when it alarms (decision 0018). */
export const CLIENT_ERROR_METRIC = { namespace: 'Portal', name: 'ClientErrors' } as const;
export const CLIENT_ERROR_ALARM = { threshold: 20, periodMinutes: 5 } as const;
/** The deployment's namespace of the count, e.g. `Portal/portal`. */
export const clientErrorNamespace = (deploymentName: string) => `${CLIENT_ERROR_METRIC.namespace}/${deploymentName}`;

export interface ClientErrorsAlarmProps {
  /** The log group of the client-errors function. */
  readonly logGroup: ILogGroup;
  /** The deployment's name (deployment.ts): two deployments in one account count apart. */
  readonly deploymentName: string;
}

/**
 * Browser errors made visible: a metric filter counts the `client_error` lines of the client-errors
 * function's log group, and an alarm goes off when more than CLIENT_ERROR_ALARM.threshold arrive
 * in 5 minutes (a broken release, not one person's flaky network), to the stack's alarm topic. The
 * lines themselves, with their correlation ids, are in the log group for Logs Insights.
 */
export class ClientErrorsAlarm extends Construct {
  readonly metricFilter: MetricFilter;
  readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: ClientErrorsAlarmProps) {
    super(scope, id);
    this.metricFilter = new MetricFilter(this, 'ClientErrorLines', {
      logGroup: props.logGroup,
      filterPattern: FilterPattern.stringValue('$.message', '=', CLIENT_ERROR_LOG_MESSAGE),
      // One namespace per deployment (`Portal/staging`): two deployments in one account count apart.
      // A metric filter's dimensions can only take values from fields of the line, which the
      // function does not log; the namespace is the filter's own.
      metricNamespace: clientErrorNamespace(props.deploymentName),
      metricName: CLIENT_ERROR_METRIC.name,
      metricValue: '1',
      defaultValue: 0,
    });
    this.alarm = new Alarm(this, 'ClientErrorRate', {
      alarmDescription: `More than ${CLIENT_ERROR_ALARM.threshold} browser errors reported in ${CLIENT_ERROR_ALARM.periodMinutes} minutes (POST /api/client-errors; the lines are in the client-errors function's log group)`,
      metric: this.metricFilter.metric({ statistic: 'Sum', period: Duration.minutes(CLIENT_ERROR_ALARM.periodMinutes) }),
      threshold: CLIENT_ERROR_ALARM.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.alarm.addAlarmAction(new SnsAction(alarmTopicOf(this)));
  }
}
