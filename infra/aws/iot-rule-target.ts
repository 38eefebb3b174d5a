import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnTopicRule } from 'aws-cdk-lib/aws-iot';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

export interface IotRuleTargetProps {
  /** Construct id of the rule; its error role and the invoke permission are named after it. */
  readonly ruleId: string;
  /** The rule's fixed name (letters, digits, '_'), so the error role can trust exactly this rule. */
  readonly ruleName: string;
  readonly sql: string;
  readonly description: string;
  readonly fn: IFunction;
  /** Where the rule's error action puts what it could not hand to the function. */
  readonly deadLetterQueue: IQueue;
  /** For the error role's description: "the notifications uplink function". */
  readonly what: string;
}

/**
 * An IoT rule that invokes a function (SQL version 2016-03-23), with its error action into the
 * function's dead-letter queue through a role only this rule of this account may assume, and the
 * function's permission for IoT Core to invoke it for this rule only. The uplink rules
 * (module-events.construct.ts) and the presence rule (presence.construct.ts) are made by it.
 */
export function iotRuleTarget(scope: Construct, props: IotRuleTargetProps): CfnTopicRule {
  const stack = Stack.of(scope);
  const { ruleId, ruleName } = props;
  const ruleArn = stack.formatArn({ service: 'iot', resource: 'rule', resourceName: ruleName });
  const errorRole = new Role(scope, `${ruleId}ErrorRole`, {
    assumedBy: new ServicePrincipal('iot.amazonaws.com', {
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account }, ArnEquals: { 'aws:SourceArn': ruleArn } },
    }),
    description: `IoT rule ${ruleName}: sends what it cannot deliver to the ${props.what.replace(/ function$/, '')} dead-letter queue`,
  });
  errorRole.addToPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [props.deadLetterQueue.queueArn] }));

  const rule = new CfnTopicRule(scope, ruleId, {
    ruleName,
    topicRulePayload: {
      description: props.description,
      sql: props.sql,
      awsIotSqlVersion: '2016-03-23',
      ruleDisabled: false,
      actions: [{ lambda: { functionArn: props.fn.functionArn } }],
      errorAction: { sqs: { queueUrl: props.deadLetterQueue.queueUrl, roleArn: errorRole.roleArn, useBase64: false } },
    },
  });
  props.fn.addPermission(`InvokeBy${ruleId}`, {
    principal: new ServicePrincipal('iot.amazonaws.com'),
    sourceArn: rule.attrArn,
    sourceAccount: stack.account,
  });
  return rule;
}
