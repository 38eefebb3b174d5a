import { Aws, CfnCondition, Fn, Stack, Token, type ICfnConditionExpression, type IResolvable } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/**
 * Whether the stack's region is one of a list. The portal stack is environment-agnostic by default
 * (`npx cdk deploy` picks the region), so this is decided where it can be: at synth when the stack
 * has a concrete region (`env.region`, as the tests synthesise it), otherwise in CloudFormation by a
 * condition on AWS::Region that resources and properties depend on.
 */
export type RegionCheck = boolean | CfnCondition;

/** CloudFormation's Fn::Or takes 2 to 10 conditions. */
const MAX_OR = 10;

export function regionIn(scope: Construct, conditionId: string, regions: readonly string[]): RegionCheck {
  const stack = Stack.of(scope);
  if (!Token.isUnresolved(stack.region)) return regions.includes(stack.region);
  const existing = stack.node.tryFindChild(conditionId);
  if (existing instanceof CfnCondition) return existing;
  return new CfnCondition(stack, conditionId, { expression: anyOf(regions.map((region) => Fn.conditionEquals(Aws.REGION, region))) });
}

function anyOf(conditions: ICfnConditionExpression[]): ICfnConditionExpression {
  if (conditions.length === 0) throw new Error('regionIn needs at least one region');
  if (conditions.length === 1) return conditions[0]!;
  if (conditions.length <= MAX_OR) return Fn.conditionOr(...conditions);
  const groups: ICfnConditionExpression[] = [];
  for (let i = 0; i < conditions.length; i += MAX_OR) groups.push(anyOf(conditions.slice(i, i + MAX_OR)));
  return anyOf(groups);
}

/** `whenTrue` where the check holds, `whenFalse` elsewhere: a value at synth, or Fn::If on the condition. */
export function inRegion<A, B>(check: RegionCheck, whenTrue: A, whenFalse: B): A | B | IResolvable {
  if (typeof check === 'boolean') return check ? whenTrue : whenFalse;
  return Fn.conditionIf(check.logicalId, whenTrue, whenFalse);
}
