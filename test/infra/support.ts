import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { createPortalApp, type PortalAppOptions } from '../../infra/aws/portal-app.ts';
import { REPO_ROOT } from '../../infra/aws/repo-paths.ts';

/**
 * The portal app as `cdk synth` builds it (cdk.json's feature flags), with a stand-in SPA and
 * esbuild bundling skipped. Synthesis runs the cdk-nag plugin and throws with its report on any
 * unacknowledged finding, so every synthesised variant is also asserted cdk-nag clean.
 */
const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };

let frontendDist: string | undefined;
function stubFrontend(): string {
  if (frontendDist) return frontendDist;
  frontendDist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(frontendDist, 'assets'));
  writeFileSync(path.join(frontendDist, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(path.join(frontendDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  const dir = frontendDist;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
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
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...options.context },
    ...(options.region ? { region: options.region } : {}),
  };
  const portal = createPortalApp(appOptions);
  return { ...portal, template: Template.fromStack(portal.stack) };
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
  notificationsScheduled: /^Notifications: scheduled sends/,
  notificationsUplink: /^Notifications: received\/read receipts/,
} as const;

/** `arn:<partition>:iot:<region>:<account>:topic/<pattern>` as CDK renders it for an environment-agnostic stack. */
export const topicArn = (pattern: string) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iot:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:topic/${pattern}`]],
});
