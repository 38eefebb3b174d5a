import { Duration, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { LOCK_FILE, REPO_ROOT, functionEntry } from './repo-paths.ts';
import { sdkLayer, sdkLayerPackages } from './sdk-layer.ts';

export interface PortalFunctionProps {
  /** Entry file relative to the repository root; it must export `handler`. */
  readonly entry: string;
  /** POWERTOOLS_SERVICE_NAME: names the function in logs and traces. */
  readonly serviceName: string;
  readonly description?: string;
  readonly environment?: Record<string, string>;
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** Default 10 s (the API integration's timeout); shorter where the caller waits less (Cognito and IoT triggers: 5 s). */
  readonly timeout?: Duration;
}

/**
 * Every Lambda of the portal: the runtime, bundling, logging and tracing defaults live here once,
 * so a new module only names its entry.
 */
export class PortalFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    // A dedicated log group with a retention instead of the never-expiring implicit one.
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH });
    // Own role with write access to that log group only, instead of the broad
    // AWSLambdaBasicExecutionRole managed policy (cdk-nag AwsSolutions-IAM4).
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.serviceName}`,
    });
    logGroup.grantWrite(role);

    super(scope, id, {
      entry: functionEntry(props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup,
      role,
      // The SDK comes from the layer built from the locked versions, not the runtime's (decision 0063).
      layers: [sdkLayer(scope)],
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      bundling: {
        minify: true,
        // Exactly what the layer holds stays out of the bundle; any other SDK package is bundled.
        externalModules: sdkLayerPackages(),
        sourceMap: true,
        // Stack traces need the mappings, not the sources: without their text the map is a fraction
        // of the size. Node does not read it at start (no --enable-source-maps, which parsed it at
        // every cold start): the error handler maps a logged stack with it (decision 0045).
        sourcesContent: false,
        format: OutputFormat.ESM,
        target: 'node22',
        // Prefer ESM builds of dependencies so esbuild can tree-shake them.
        mainFields: ['module', 'main'],
        // CommonJS dependencies bundled into an ESM file still call require().
        banner: "import { createRequire } from 'module';const require = createRequire(import.meta.url);",
      },
      environment: {
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        LOG_LEVEL: props.logLevel ?? 'INFO',
        ...props.environment,
      },
    });

    // Acknowledged on the role, so it covers the role's default policy.
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active X-Ray tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions (resource "*").',
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 (LTS) is the runtime the architecture fixes for all portal Lambdas (esbuild target node22, @types/node 22); it is raised for every function at once, here.',
    });
  }
}
