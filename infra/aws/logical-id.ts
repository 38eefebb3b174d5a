import { Stack, Token } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Logical id behind an `Fn::GetAtt [id, 'Arn']` token. cdk-nag names resources in its IAM5
 * findings this way (`Resource::<Id.Arn>/*`), so acknowledgements can name the exact resource.
 */
export function logicalIdOfArn(scope: IConstruct, arn: string): string | undefined {
  const resolved = Stack.of(scope).resolve(arn) as { 'Fn::GetAtt'?: [string, string] } | undefined;
  return resolved?.['Fn::GetAtt']?.[0];
}

/**
 * How cdk-nag writes the stack's region inside an ARN in its findings: `<AWS::Region>` for an
 * environment-agnostic stack, the region itself for a stack with a fixed one. Acknowledgements that
 * name an ARN use this, so they match in both.
 */
export function nagRegion(scope: IConstruct): string {
  const region = Stack.of(scope).region;
  return Token.isUnresolved(region) ? '<AWS::Region>' : region;
}

/**
 * 'organizations' -> 'Organizations', 'uplink' -> 'Uplink': construct ids made from the tables'
 * names, so logical ids stay stable and readable.
 */
export function pascal(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
