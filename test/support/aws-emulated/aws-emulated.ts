import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Authorize, AuthorizeCall, CallRecord } from '../aws/aws-authz.ts';
import { REGION } from '../aws/aws-identity.ts';
import * as dynamoDbProxyModule from '../aws/dynamodb-proxy.server.ts';
import { startIotDataEmulator } from '../aws/iot-data.server.ts';
import { startKmsEmulator } from '../aws/kms.server.ts';
import { startS3Emulator } from '../aws/s3-proxy.server.ts';
import { startSchedulerEmulator, type Firing } from '../aws/scheduler.server.ts';
import { startSecretsManagerEmulator } from '../aws/secrets-manager.server.ts';
import { startSqsEmulator } from '../aws/sqs.server.ts';
import { startBroker, portalAuthenticator } from '../../../infra/local/broker.ts';
import { startCognitoLocal } from '../../../infra/local/cognito-local.ts';
import { startDynamoDbLocal } from '../../../infra/local/dynamodb-local.ts';
import { startLambdaInvokeServer } from '../../../infra/local/lambda-invoke.server.ts';
import { freePort, listenOn } from '../../../infra/local/net-utils.ts';
import { bindResources } from './bind-resources.ts';
import { stageFunctions } from './lambda-sandbox.ts';
import { functionArn, hostFunction, stopFunction, type HostedFunction } from './function-host.ts';
import { createHttpApi } from './http-api.ts';
import { createIamLedger, type IamLedger } from './iam-ledger.ts';
import type { PolicyStatement } from './iam-policy.ts';
import { templateAuthorizer } from './iot-authorizer.ts';
import { publishLifecycleEvents, startIotRules } from './iot-rules.ts';
import { createResolver } from './resolve.ts';
import { startEventSourceMapping } from './sqs-event-source.ts';
import { createTableFromTemplate } from './table.ts';
import { functionsOf, readTemplate, resourcesOf, roleStatements, type CfnTemplate } from './template.ts';
import { deployTimeFunctions } from './deploy-time.ts';
import { harnessReport } from './report.ts';
import { apiOriginHeaders } from './cloudfront-origin.ts';
import { serveSite } from './site.ts';
import { synthesise } from './synth.ts';

export interface AwsEmulatedOptions {
  dataDir: string;
  /** The harness's HTTP port (API, SPA, `/config.json`, `/cognito/`, MQTT over WebSocket); 0 picks one. */
  port?: number;
  /** The built SPA to serve; without it the harness serves the API only. */
  frontendDist?: string;
  /** Parameter values instead of the template's defaults. */
  parameters?: Record<string, string>;
  /**
   * A cloud assembly to run as it is, not synthesised (AWS_EMULATED_ASSEMBLY): e.g. one whose shifts
   * bundle was built from an older handler, to see a test fail on it.
   */
  assemblyDir?: string;
}

export interface AwsEmulated {
  url: string;
  template: CfnTemplate;
  tableName: string;
  dynamoDbEndpoint: string;
  cognitoEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  mqttTcpUrl: string;
  mqttTopicRoot: string;
  /**
   * The password of the broker's one internal client (username `portal`, a `portal-` client id),
   * which may subscribe to any topic: what an operator's MQTT test client in the IoT console is on
   * AWS, for a test that counts deliveries to many inboxes on one subscription. No function uses it.
   */
  mqttObserverToken: string;
  /** Hosted functions by logical id. */
  functions: Map<string, HostedFunction>;
  /** Deploy-time functions (custom resources CloudFormation runs), not hosted. */
  deployTime: string[];
  ledger: IamLedger;
  calls: CallRecord[];
  /** Emulators the harness looked for and did not find (their calls fail). */
  missing: string[];
  stop(): Promise<void>;
}

/**
 * The portal as the synthesised template would deploy it, on this machine: every function's
 * bundle in its own worker with its template environment, AWS behind emulators that judge each call
 * against the caller's role, and the event sources (HTTP API, SQS mappings, IoT rules, the
 * scheduler, the Cognito trigger) the template wires. Nothing comes from the route table or the
 * local runtime's wiring.
 */
export async function startAwsEmulated(options: AwsEmulatedOptions): Promise<AwsEmulated> {
  const stops: Array<() => Promise<unknown> | unknown> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await Promise.resolve(fn()).catch(() => undefined);
  };
  try {
    const dataDir = path.resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    const assemblyDir = options.assemblyDir ?? process.env.AWS_EMULATED_ASSEMBLY;
    if (!assemblyDir) await synthesise();
    const template = assemblyDir ? readTemplate(path.resolve(assemblyDir)) : readTemplate();
    const resolver = createResolver(template, { parameters: options.parameters ?? {} });
    const calls: CallRecord[] = [];
    // Made once everything is bound: the emulators start first (the ledger needs their queue URLs)
    // and ask it only once functions run; the broker asks the authorizer function, hosted later too.
    const late: { ledger?: IamLedger; authorizer?: HostedFunction } = {};
    const authorize: Authorize = (call: AuthorizeCall) => (late.ledger ? late.ledger.authorize(call) : { allowed: false, reason: 'harness not ready' });

    const deployTime = deployTimeFunctions(template);
    const templateFunctions = functionsOf(template).filter((fn) => !deployTime.includes(fn.logicalId));
    const hosted = new Map<string, HostedFunction>();
    const functionByArn = (arn: string) => [...hosted.values()].find((fn) => fn.arn === arn);

    const [dynamoDbPort, cognitoPort] = await Promise.all([freePort(), freePort()]);
    const server: Server = createServer();
    const port = await listenOn(server, options.port ?? 0, '127.0.0.1');
    stops.push(() => new Promise((done) => (server.closeAllConnections(), server.close(done))));
    const url = `http://localhost:${port}`;
    const issuerDomain = `https://cognito-idp.${REGION}.amazonaws.com`;

    // Bound before the pool exists: the trigger's ARN is the function's logical id, known now.
    for (const fn of templateFunctions) resolver.bind(fn.logicalId, { ref: fn.logicalId, attributes: { Arn: functionArn(fn.logicalId) } });
    const userPool = resourcesOf(template, 'AWS::Cognito::UserPool')[0];
    const preTokenArn = userPool?.[1].Properties.LambdaConfig?.PreTokenGeneration;
    const preTokenFunction = preTokenArn ? resolver.resolve<string>(preTokenArn, `Resources.${userPool![0]}.Properties.LambdaConfig.PreTokenGeneration`) : undefined;

    const lambda = await startLambdaInvokeServer(0, {
      ...(preTokenFunction ? { [preTokenFunction]: async () => (event: unknown) => hosted.get(preTokenFunction.split(':').pop()!)!.invoke(event) } : {}),
    });
    stops.push(() => new Promise((done) => lambda.server.close(done)));
    const [dynamo, cognito] = await Promise.all([
      startDynamoDbLocal(path.join(dataDir, 'dynamodb'), dynamoDbPort),
      startCognitoLocal({ dir: path.join(dataDir, 'cognito'), port: cognitoPort, lambdaEndpoint: lambda.endpoint, preTokenGenerationFunction: preTokenFunction ?? 'none', issuerDomain }),
    ]);
    stops.push(dynamo.stop, cognito.stop);

    const iotAuthorizers = resourcesOf(template, 'AWS::IoT::Authorizer');
    const mqttObserverToken = randomBytes(24).toString('base64url');
    const broker = await startBroker(0, {
      // The harness's own observer (mqttObserverToken) and the template's authorizer for everyone else.
      authenticators: [portalAuthenticator(mqttObserverToken), ...(iotAuthorizers.length ? [(c: Parameters<ReturnType<typeof templateAuthorizer>>[0]) => templateAuthorizer(late.authorizer!)(c)] : [])],
    });
    stops.push(broker.stop);
    const publishToBroker = (topic: string, payload: Buffer, o: { qos: 0 | 1; retain: boolean }) =>
      new Promise<void>((resolve, reject) => broker.broker.publish({ cmd: 'publish', topic, payload, qos: o.qos, retain: o.retain, dup: false }, (e) => (e ? reject(e) : resolve())));

    // EventBridge Scheduler: a schedule's target is a function ARN, invoked asynchronously with its
    // Input, as the target's role, which must allow lambda:InvokeFunction on it (judged by the ledger).
    const fire = (firing: Firing) => {
      const role = firing.target.RoleArn.split('/').pop()!;
      const decision = authorize({ service: 'iam', action: 'lambda:InvokeFunction', resources: [firing.target.Arn], accessKeyId: role });
      const fn = functionByArn(firing.target.Arn);
      if (!decision.allowed || !fn) throw new Error(`Schedule ${firing.name}: cannot invoke ${firing.target.Arn} as ${role}`);
      void fn.invoke(firing.target.Input === undefined ? {} : JSON.parse(firing.target.Input)).catch(() => undefined);
    };
    const sqs = await startSqsEmulator({ authorize, calls });
    const iotData = await startIotDataEmulator({ authorize, calls, publish: publishToBroker });
    const s3 = await startS3Emulator({ authorize, calls });
    stops.push(sqs.close, iotData.close, s3.close);
    const missing: string[] = [];
    const scheduler = await startSchedulerEmulator({ authorize, calls, onFire: (firing) => fire(firing) });
    const secrets = await startSecretsManagerEmulator({ authorize, calls });
    const dynamoProxy = await startDynamoDbEmulator({ authorize, calls, upstream: dynamo.endpoint });
    const kms = await startKmsEmulator({ authorize, calls });
    stops.push(scheduler.close, secrets.close, dynamoProxy.close, kms.close);

    const tableResource = [...resourcesOf(template, 'AWS::DynamoDB::GlobalTable'), ...resourcesOf(template, 'AWS::DynamoDB::Table')];
    if (tableResource.length !== 1) throw new Error(`The template has ${tableResource.length} tables; the harness makes one`);
    const tableName = `${template.stackName}-${tableResource[0]![0]}`;
    await createTableFromTemplate(dynamo.endpoint, tableName, tableResource[0]![1]);

    const buckets: string[] = [];
    bindResources(template, resolver, {
      tableName,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      iotDataEndpoint: iotData.endpoint,
      apiUrl: url,
      createQueue: (name, attributes) => sqs.createQueue(name, attributes),
      createGroup: (name) => scheduler.createGroup(name),
      createSecret: (name, value) => secrets.createSecret(name, value),
      createBucket: (name) => void buckets.push(name),
      createKey: () => kms.createKey(),
      createAlias: (name, targetKeyId) => kms.createAlias(name, targetKeyId),
    });
    await Promise.all(buckets.map((name) => s3.createBucket(name)));

    const endpoints = {
      AWS_ENDPOINT_URL_SQS: sqs.endpoint,
      AWS_ENDPOINT_URL_IOT_DATA_PLANE: iotData.endpoint,
      AWS_ENDPOINT_URL_SCHEDULER: scheduler.endpoint,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
      AWS_ENDPOINT_URL_KMS: kms.endpoint,
      // An IP endpoint: the SDK then addresses buckets path-style, as s3rver takes them.
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      // The IAM-checking proxy in front of DynamoDB Local; the handlers set no DYNAMODB_ENDPOINT on AWS, so the SDK reads this.
      AWS_ENDPOINT_URL_DYNAMODB: dynamoProxy.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
    };
    const cognitoLocalOrigin = cognito.endpoint;
    const redirects = { [issuerDomain]: cognitoLocalOrigin };
    const staged = stageFunctions(templateFunctions);
    stops.push(() => staged.remove());
    for (const fn of templateFunctions) {
      const variables = resolver.resolve<Record<string, unknown>>(fn.environment, `Resources.${fn.logicalId}.Properties.Environment.Variables`);
      const host = hostFunction({
        fn,
        taskDir: staged.taskDir(fn),
        variables: Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, String(v)])),
        endpoints,
        logDir: path.join(dataDir, 'logs'),
        redirects,
      });
      hosted.set(fn.logicalId, host);
      stops.push(() => stopFunction(host));
    }
    late.authorizer = iotAuthorizers.length
      ? functionByArn(resolver.resolve<string>(iotAuthorizers[0]![1].Properties.AuthorizerFunctionArn, `Resources.${iotAuthorizers[0]![0]}.Properties.AuthorizerFunctionArn`))
      : undefined;

    // Every role of the template signs with its logical id: the functions' execution roles and the
    // roles AWS services assume for a target (the scheduler's, the rules' error actions).
    const deployTimeRoles = new Set(functionsOf(template).filter((fn) => deployTime.includes(fn.logicalId)).map((fn) => fn.roleId));
    const roles = resourcesOf(template, 'AWS::IAM::Role').filter(([id]) => resolver.exists(id) && !deployTimeRoles.has(id));
    const functionOfRole = new Map(templateFunctions.map((fn) => [fn.roleId, fn.logicalId]));
    const ledger = (late.ledger = createIamLedger(
      roles.map(([roleId]) => {
        const fnId = functionOfRole.get(roleId);
        const statements = roleStatements(template, roleId).map(({ id, statement }) => ({
          id,
          statement: resolver.resolve<PolicyStatement>(statement, `Resources.${id.split('#')[0]}.PolicyDocument.Statement`),
        }));
        return { key: fnId ?? roleId, name: fnId ?? roleId, statements };
      }),
    ));

    const api = createHttpApi({ template, resolver, functionByArn, jwksUrlOf: (issuer) => `${issuer.replace(issuerDomain, cognitoLocalOrigin)}/.well-known/jwks.json` });
    serveSite(server, {
      api,
      apiHeaders: apiOriginHeaders(template, resolver, secrets.valueOf),
      frontendDist: options.frontendDist,
      cognitoEndpoint: cognito.endpoint,
      handleMqttUpgrade: broker.handleUpgrade,
      config: (host) => ({
        apiBaseUrl: '/api',
        region: REGION,
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.userPoolClientId,
        userPoolEndpoint: `http://${host}/cognito/`,
        mqttUrl: `ws://${host}/mqtt`,
        mqttTopicRoot: topicRootOf(templateFunctions, resolver),
      }),
      report: () => harnessReport(emulated),
    });

    for (const [id, { Properties: p }] of resourcesOf(template, 'AWS::Lambda::EventSourceMapping')) {
      const at = `Resources.${id}.Properties`;
      const queueArn = resolver.resolve<string>(p.EventSourceArn, `${at}.EventSourceArn`);
      const queue = resourcesOf(template, 'AWS::SQS::Queue').find(([qid]) => resolver.resolve({ 'Fn::GetAtt': [qid, 'Arn'] }, at) === queueArn);
      if (!queue) throw new Error(`${at}.EventSourceArn: ${queueArn} is not a queue of the template`);
      const fnName = resolver.resolve<string>(p.FunctionName, `${at}.FunctionName`);
      const fn = hosted.get(fnName) ?? functionByArn(fnName);
      if (!fn) throw new Error(`${at}.FunctionName: ${fnName} is not hosted`);
      const mapping = startEventSourceMapping({
        sqsEndpoint: sqs.endpoint,
        queueUrl: resolver.resolve<string>({ Ref: queue[0] }, at),
        queueArn,
        fn,
        batchSize: Number(p.BatchSize ?? 10),
        reportBatchItemFailures: ((p.FunctionResponseTypes ?? []) as string[]).includes('ReportBatchItemFailures'),
      });
      stops.push(mapping.stop);
    }

    const rules = startIotRules({ template, resolver, broker: broker.broker, functionByArn });
    stops.push(rules.stop);
    stops.push(publishLifecycleEvents(broker.broker));

    const emulated: AwsEmulated = {
      url,
      template,
      tableName,
      dynamoDbEndpoint: dynamo.endpoint,
      cognitoEndpoint: cognito.endpoint,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      mqttTcpUrl: broker.tcpUrl,
      mqttTopicRoot: topicRootOf(templateFunctions, resolver),
      mqttObserverToken,
      functions: hosted,
      deployTime,
      ledger,
      calls,
      missing,
      stop,
    };
    return emulated;
  } catch (error) {
    await stop();
    throw error;
  }
}

type DynamoDbStart = (options: { authorize: Authorize; calls: CallRecord[]; upstream: string }) => Promise<{ endpoint: string; close(): Promise<void> }>;
/** The DynamoDB proxy's start, under the name it has (it was renamed `startDynamoDbEmulator` while this was written). */
const startDynamoDbEmulator = ((dynamoDbProxyModule as Record<string, unknown>).startDynamoDbEmulator ??
  (dynamoDbProxyModule as Record<string, unknown>).startDynamoDbProxy) as DynamoDbStart;

/** The deployment's topic root as the template gives it to the functions (every publisher has the same). */
function topicRootOf(functions: ReturnType<typeof functionsOf>, resolver: ReturnType<typeof createResolver>): string {
  const roots = new Set(functions.filter((fn) => fn.environment.MQTT_TOPIC_ROOT !== undefined).map((fn) => resolver.resolve<string>(fn.environment.MQTT_TOPIC_ROOT, fn.logicalId)));
  if (roots.size !== 1) throw new Error(`The functions have ${roots.size} MQTT topic roots: ${[...roots]}`);
  return [...roots][0]!;
}
