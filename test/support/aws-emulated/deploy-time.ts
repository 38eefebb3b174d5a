import type { CfnTemplate } from './template.ts';

/**
 * Functions CloudFormation itself runs while it deploys: the providers of custom resources
 * (`ServiceToken` of a `Custom::*` or `AWS::CloudFormation::CustomResource`), such as CDK's
 * AwsCustomResource (the IoT endpoint lookup) and BucketDeployment (the SPA's upload). The product
 * never invokes them; the harness does the lookup itself (bind-resources.ts) and serves the SPA.
 */
export function deployTimeFunctions(template: CfnTemplate): string[] {
  const tokens = Object.values(template.Resources)
    .filter((r) => r.Type.startsWith('Custom::') || r.Type === 'AWS::CloudFormation::CustomResource')
    .map((r) => r.Properties?.ServiceToken?.['Fn::GetAtt']?.[0] as string | undefined)
    .filter((id): id is string => Boolean(id));
  return [...new Set(tokens)];
}
