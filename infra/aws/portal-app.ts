import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deploymentOf } from './deployment.ts';
import { PortalStack } from './portal-stack.ts';
import { PortalEdgeStack, edgeWebAclParameterName } from './web-acl.ts';

/**
 * PortalEdge-<deployment>, the web ACL in us-east-1, is synthesised and deployed before the portal
 * stack by default (decision 0058); `-c edge=false` leaves it out (then the WebAclArn parameter).
 */
export const EDGE_CONTEXT = 'edge';

export interface PortalAppOptions {
  /** Built SPA directory. */
  readonly frontendDistPath: string;
  /** Extra context, e.g. the feature flags of cdk.json, 'deployment' or 'aws:cdk:bundling-stacks' in tests. */
  readonly context?: Record<string, unknown>;
  /** Cloud assembly directory; the CLI sets it through the environment. */
  readonly outdir?: string;
  /**
   * A fixed region for the portal stack (tests). Without it the stack is environment-agnostic and
   * deploys to the CLI's region; region-dependent parts are then CloudFormation conditions.
   */
  readonly region?: string;
}

/** The app as `cdk synth` builds it; tests build it through here too, so they check the same wiring. */
export function createPortalApp(options: PortalAppOptions): { app: App; stack: PortalStack; edgeStack?: PortalEdgeStack } {
  const app = new App({ context: options.context, outdir: options.outdir });
  // -c deployment=<name>: the stack `Portal-<name>` with the MQTT topic root `<name>/v1` (deployment.ts).
  const deployment = deploymentOf(app);
  const edge = app.node.tryGetContext(EDGE_CONTEXT) as unknown;
  const edgeStack =
    edge === false || edge === 'false'
      ? undefined
      : new PortalEdgeStack(app, `PortalEdge-${deployment.name}`, {
          description: `Staff portal '${deployment.name}': the CloudFront web ACL (us-east-1) for ${deployment.stackName}`,
          portalStackName: deployment.stackName,
          deploymentName: deployment.name,
        });
  const stack = new PortalStack(app, deployment.stackName, {
    description: `Staff portal '${deployment.name}': SPA, HTTP API, Cognito, DynamoDB, IoT Core`,
    frontendDistPath: options.frontendDistPath,
    deployment,
    ...(edgeStack ? { edgeWebAclParameter: edgeWebAclParameterName(deployment.name) } : {}),
    ...(options.region ? { env: { region: options.region } } : {}),
  });
  // `npx cdk deploy Portal-<name>` deploys the edge stack first (and its web ACL's parameter).
  if (edgeStack) stack.addStackDependency(edgeStack, 'the web ACL the distribution attaches');
  // cdk-nag 3 is a CDK validation plugin (not an Aspect): synthesis fails on any finding that is
  // not acknowledged with Validations.of(construct).acknowledge(). Acknowledgements are copied into
  // the template metadata as an audit trail.
  Validations.of(app).addPlugins(
    new AwsSolutionsChecks(app, { verbose: true, writeSuppressionsToCloudFormation: true }),
  );
  return { app, stack, ...(edgeStack ? { edgeStack } : {}) };
}
