import { Duration, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { logicalIdOfArn } from './logical-id.ts';
import { LOCK_FILE, REPO_ROOT, functionEntry } from './repo-paths.ts';

export interface PortalFunctionProps {
  /** Entry file relative to the repository root; it must export `handler`. */
  readonly entry: string;
  /** POWERTOOLS_SERVICE_NAME: names the function in logs and traces. */
  readonly serviceName: string;
  readonly description?: string;
  readonly environment?: Record<string, string>;
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
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
      timeout: Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup,
      role,
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      bundling: {
        minify: true,
        sourceMap: true,
        format: OutputFormat.ESM,
        target: 'node22',
        // Prefer ESM builds of dependencies so esbuild can tree-shake them.
        mainFields: ['module', 'main'],
        // CommonJS dependencies bundled into an ESM file still call require().
        banner: "import { createRequire } from 'module';const require = createRequire(import.meta.url);",
      },
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
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

export type TableAccess = 'read' | 'readWrite';

/**
 * Item-level actions only. Deliberately narrower than CDK's grantReadData/grantReadWriteData:
 * no Scan (every read is a GetItem or Query on a documented access pattern) and no stream reads.
 */
const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'];
const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/** Grants the function access to the table and tells it the table's name (TABLE_NAME). */
export function grantTableAccess(fn: NodejsFunction, table: ITableV2, mode: TableAccess): void {
  table.grant(fn, ...READ_ACTIONS, ...(mode === 'readWrite' ? WRITE_ACTIONS : []));
  fn.addEnvironment('TABLE_NAME', table.tableName);

  // The grant covers the table's GSIs as `<table arn>/index/*`: the index names are ours, the
  // wildcard only spares listing them.
  const logicalId = logicalIdOfArn(table, table.tableArn);
  if (fn.role && logicalId) {
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/index/*]`,
      reason: 'Access to the single table includes its global secondary indexes (<table arn>/index/*), all defined by TABLE_DEFINITION.',
    });
  }
}
