import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { PortalStack } from './portal-stack.ts';

export interface PortalAppOptions {
  /** Built SPA directory. */
  readonly frontendDistPath: string;
  /** Extra context, e.g. the feature flags of cdk.json or 'aws:cdk:bundling-stacks' in tests. */
  readonly context?: Record<string, unknown>;
  /** Cloud assembly directory; the CLI sets it through the environment. */
  readonly outdir?: string;
}

/** The app as `cdk synth` builds it; tests build it through here too, so they check the same wiring. */
export function createPortalApp(options: PortalAppOptions): { app: App; stack: PortalStack } {
  const app = new App({ context: options.context, outdir: options.outdir });
  const stack = new PortalStack(app, 'PortalStack', {
    description: 'Staff portal: SPA, HTTP API, Cognito, DynamoDB',
    frontendDistPath: options.frontendDistPath,
  });
  // cdk-nag 3 is a CDK validation plugin (not an Aspect): synthesis fails on any finding that is
  // not acknowledged with Validations.of(construct).acknowledge(). Acknowledgements are copied into
  // the template metadata as an audit trail.
  Validations.of(app).addPlugins(
    new AwsSolutionsChecks(app, { verbose: true, writeSuppressionsToCloudFormation: true }),
  );
  return { app, stack };
}
