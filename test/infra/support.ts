import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, onTestFinished } from 'vitest';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { MODULES } from '@portal/shared/api/route-table';
import { createPortalApp, type PortalAppOptions } from '../../infra/aws/portal-app.ts';
import { REPO_ROOT } from '../../infra/aws/repo-paths.ts';
import { DELIVERY_MODULES, type DeliveryFunctionName } from '../../infra/aws/delivery.construct.ts';
import { eventFunctions, type EventFunctionName } from '../../infra/aws/event-functions.ts';
import type { TableUser } from '../../infra/aws/table-access.ts';

/**
 * The portal app as `cdk synth` builds it (cdk.json's feature flags), with a stand-in SPA and
 * esbuild bundling skipped. Synthesis runs the cdk-nag plugin and throws with its report on any
 * unacknowledged finding, so every synthesised variant is also asserted cdk-nag clean.
 */
const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };

/**
 * A temporary directory, removed after the test that made it, or after the file's tests when made
 * at module or describe level (`onTestFinished` throws outside a test; an `afterAll` registered
 * inside a test never runs).
 */
function temporaryDirectory(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    afterAll(remove);
  }
  return dir;
}

let frontendDist: string | undefined;
function stubFrontend(): string {
  // The infra project shares one module instance across its files (isolate: false); the file that
  // made the stub removes it after its tests, so the next file makes its own.
  if (frontendDist && existsSync(frontendDist)) return frontendDist;
  frontendDist = temporaryDirectory('portal-dist-');
  mkdirSync(path.join(frontendDist, 'assets'));
  writeFileSync(path.join(frontendDist, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(path.join(frontendDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  return frontendDist;
}

/** cdk.json's context with esbuild bundling skipped: what every synthesis here starts from. */
export const synthContext = (context: Record<string, unknown> = {}) => ({ ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...context });

/** An empty app for a construct in a stack of its own, with cdk.json's context and cdk-nag as in the portal app. */
export function nagCheckedApp(): App {
  const app = new App({ context: synthContext(), outdir: temporaryDirectory('portal-assembly-') });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return app;
}

export interface SynthOptions {
  /** A fixed region; default: environment-agnostic, as `npx cdk synth`. */
  readonly region?: string;
  /** Context on top of cdk.json's, e.g. { deployment: 'staging' }. */
  readonly context?: Record<string, unknown>;
}

export function synthPortal(options: SynthOptions = {}) {
  const appOptions: PortalAppOptions = {
    frontendDistPath: stubFrontend(),
    context: synthContext(options.context),
    // CDK's default outdir is a new `cdk.out*` under the system's temporary directory that nothing
    // removes (about 23 MB each): 17 per run of the suite.
    outdir: temporaryDirectory('portal-assembly-'),
    ...(options.region ? { region: options.region } : {}),
  };
  const portal = createPortalApp(appOptions);
  return { ...portal, template: Template.fromStack(portal.stack) };
}

/**
 * The portal app as `npx cdk synth` builds it, esbuild bundling included (minified, source maps),
 * into a temporary cloud assembly removed after the file's tests. Call this at module or describe
 * level and `synth()` in a hook (bundling takes a while). `bundleOf` reads a function's bundle from
 * its asset directory: the template's `Code.S3Key` is `<asset hash>.zip`, the assembly keeps the
 * asset as the directory `asset.<asset hash>`.
 */
export function bundledPortal() {
  const frontendDistPath = stubFrontend();
  const outdir = temporaryDirectory('portal-assembly-');
  return {
    synth() {
      const portal = createPortalApp({ frontendDistPath, context: { ...cdkJson.context }, outdir });
      const template = Template.fromStack(portal.stack);
      const assetDir = (key: string | undefined) => {
        if (!key?.endsWith('.zip')) throw new Error(`No asset key: ${JSON.stringify(key)}`);
        return path.join(outdir, `asset.${key.slice(0, -'.zip'.length)}`);
      };
      const bundleOf = (fn: Resource) => {
        const dir = assetDir(fn.Properties.Code?.S3Key as string | undefined);
        return {
          code: readFileSync(path.join(dir, 'index.mjs')),
          sourceMap: JSON.parse(readFileSync(path.join(dir, 'index.mjs.map'), 'utf8')) as { sources: string[] },
        };
      };
      return { ...portal, template, bundleOf, assetDir };
    },
  };
}

export type Resource = { Properties: Record<string, any>; Condition?: string; DependsOn?: string[] };
export type Statement = { Action: string | string[]; Effect: string; Resource: unknown; Condition?: Record<string, unknown> };

/** Lookups in one template: functions by description, their roles' statements and actions. */
export function inspect(template: Template) {
  const functions = () => Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
  const fnByDescription = (pattern: RegExp): [string, Resource] => {
    const found = functions().filter(([, fn]) => pattern.test(fn.Properties.Description ?? ''));
    if (found.length !== 1) throw new Error(`${found.length} functions match ${pattern}`);
    return found[0]!;
  };
  const roleOf = (fn: Resource) => (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const statementsOfRole = (roleId: string) =>
    Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
      .filter((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
  const statementsOf = (fn: Resource) => statementsOfRole(roleOf(fn));
  const actionsOf = (fn: Resource) => statementsOf(fn).flatMap((s) => [s.Action].flat());
  const variablesOf = (fn: Resource) => (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
  return { functions, fnByDescription, roleOf, statementsOfRole, statementsOf, actionsOf, variablesOf };
}

/** Descriptions of the portal's Lambdas (infra/aws/*.construct.ts). */
export const DESCRIPTIONS = {
  apiModule: (module: string) => new RegExp(`^Portal API module '${module}'$`),
  preTokenGeneration: /^Cognito pre-token-generation/,
  iotAuthorizer: /^IoT Core custom authorizer/,
  devicesPresence: /^Devices: connects and disconnects/,
  notificationsScheduled: /^Notifications: scheduled sends/,
  notificationsUplink: /^Notifications: received\/read receipts/,
  delivery: (module: string) => new RegExp(`^${module[0]!.toUpperCase()}${module.slice(1)}: delivery of queued sends`),
} as const;

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Every Lambda of the portal by its name in infra/aws/table-access.ts: its description in the
 * template and its entry file. The API modules come from the route table, the scheduled and uplink
 * functions from the event tables (infra/aws/event-functions.ts), so a new row is checked here too.
 */
export const LAMBDAS: Readonly<Record<TableUser, { description: RegExp; entry: string }>> = {
  ...(Object.fromEntries(MODULES.map((module) => [module, { description: DESCRIPTIONS.apiModule(module), entry: `functions/src/${module}/handler.ts` }])) as Record<
    (typeof MODULES)[number],
    { description: RegExp; entry: string }
  >),
  preTokenGeneration: { description: DESCRIPTIONS.preTokenGeneration, entry: 'functions/src/identity/pre-token-generation.handler.ts' },
  iotAuthorizer: { description: DESCRIPTIONS.iotAuthorizer, entry: 'functions/src/devices/iot-authorizer.handler.ts' },
  devicesPresence: { description: DESCRIPTIONS.devicesPresence, entry: 'functions/src/devices/presence.handler.ts' },
  ...(Object.fromEntries(eventFunctions().map((fn) => [fn.name, { description: exactly(fn.description), entry: fn.entry }])) as Record<
    EventFunctionName,
    { description: RegExp; entry: string }
  >),
  ...(Object.fromEntries(
    DELIVERY_MODULES.map((module) => [`${module}Delivery`, { description: DESCRIPTIONS.delivery(module), entry: `functions/src/${module}/delivery.handler.ts` }]),
  ) as Record<DeliveryFunctionName, { description: RegExp; entry: string }>),
};

/** `arn:<partition>:iot:<region>:<account>:topic/<pattern>` as CDK renders it for an environment-agnostic stack. */
export const topicArn = (pattern: string) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iot:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:topic/${pattern}`]],
});
