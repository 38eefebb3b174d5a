import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Logical id behind an `Fn::GetAtt [id, 'Arn']` token. cdk-nag names resources in its IAM5
 * findings this way (`Resource::<Id.Arn>/*`), so acknowledgements can name the exact resource.
 */
export function logicalIdOfArn(scope: IConstruct, arn: string): string | undefined {
  const resolved = Stack.of(scope).resolve(arn) as { 'Fn::GetAtt'?: [string, string] } | undefined;
  return resolved?.['Fn::GetAtt']?.[0];
}
