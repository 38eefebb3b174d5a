import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ASSEMBLY_DIR, STACK_NAME, templatePath } from './synth.ts';

export interface CfnResource {
  Type: string;
  Properties?: Record<string, any>;
  Condition?: string;
  DependsOn?: string | string[];
}

export interface CfnTemplate {
  stackName: string;
  /** The cloud assembly the template came from: the bundles are its `asset.<hash>` directories. */
  outdir: string;
  Parameters?: Record<string, { Type: string; Default?: unknown }>;
  Conditions?: Record<string, unknown>;
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, { Value: unknown }>;
}

/** The synthesised portal stack's template, as CloudFormation would receive it. */
export function readTemplate(outdir = ASSEMBLY_DIR): CfnTemplate {
  const file = templatePath(outdir);
  if (!existsSync(file)) throw new Error(`No template at ${file}: synthesise first (test/support/aws-emulated/synth.ts)`);
  const json = JSON.parse(readFileSync(file, 'utf8')) as Omit<CfnTemplate, 'stackName' | 'outdir'>;
  return { ...json, stackName: STACK_NAME, outdir };
}

/** The template's resources of one type, as [logicalId, resource]. */
export const resourcesOf = (template: CfnTemplate, type: string): Array<[string, CfnResource & { Properties: Record<string, any> }]> =>
  Object.entries(template.Resources)
    .filter(([, r]) => r.Type === type)
    .map(([id, r]) => [id, { ...r, Properties: r.Properties ?? {} }]);

/** A function as the template defines it; its bundle is the asset its `Code.S3Key` names. */
export interface TemplateFunction {
  logicalId: string;
  description: string;
  /** `asset.<hash>/index.mjs` in the cloud assembly. */
  bundle: string;
  /** `index.handler`: the module's file and its export. */
  handler: string;
  /** Unresolved: resolve.ts turns them into the emulated values. */
  environment: Record<string, unknown>;
  /** The execution role's logical id (`Role: Fn::GetAtt [<role>, Arn]`). */
  roleId: string;
  timeoutSeconds: number;
  runtime: string;
  /** The `nodejs/` content of each layer (`asset.<hash>` of its `Content.S3Key`), in the template's order. */
  layers: string[];
}

/** A layer of the stack (`Layers: [{ Ref }]`): its asset directory in the cloud assembly. */
function layerAsset(template: CfnTemplate, ref: unknown, functionId: string): string {
  const id = (ref as { Ref?: string })?.Ref;
  const layer = id ? template.Resources[id] : undefined;
  const key = layer?.Type === 'AWS::Lambda::LayerVersion' ? (layer.Properties?.Content?.S3Key as string | undefined) : undefined;
  if (!key?.endsWith('.zip')) throw new Error(`Function ${functionId} names a layer that is not an asset of the stack: ${JSON.stringify(ref)}`);
  return path.join(template.outdir, `asset.${key.slice(0, -'.zip'.length)}`);
}

export function functionsOf(template: CfnTemplate): TemplateFunction[] {
  return resourcesOf(template, 'AWS::Lambda::Function').map(([logicalId, { Properties: p }]) => {
    const key = p.Code?.S3Key as string | undefined;
    if (!key?.endsWith('.zip')) throw new Error(`Function ${logicalId} has no asset key: ${JSON.stringify(p.Code)}`);
    const role = p.Role?.['Fn::GetAtt']?.[0] as string | undefined;
    if (!role) throw new Error(`Function ${logicalId} has no role of the stack: ${JSON.stringify(p.Role)}`);
    return {
      logicalId,
      description: String(p.Description ?? ''),
      bundle: path.join(template.outdir, `asset.${key.slice(0, -'.zip'.length)}`),
      handler: String(p.Handler),
      environment: (p.Environment?.Variables ?? {}) as Record<string, unknown>,
      roleId: role,
      // CloudFormation's default: 3 s.
      timeoutSeconds: Number(p.Timeout ?? 3),
      runtime: String(p.Runtime),
      layers: ((p.Layers ?? []) as unknown[]).map((ref) => layerAsset(template, ref, logicalId)),
    };
  });
}

/** The statements of every policy attached to a role: inline `Policies` and `AWS::IAM::Policy` resources naming it. */
export function roleStatements(template: CfnTemplate, roleId: string): Array<{ id: string; statement: unknown }> {
  const role = template.Resources[roleId];
  if (role?.Type !== 'AWS::IAM::Role') throw new Error(`${roleId} is not a role of the template`);
  const inline = ((role.Properties?.Policies ?? []) as Array<{ PolicyName: string; PolicyDocument: { Statement: unknown[] } }>).flatMap((policy) =>
    policy.PolicyDocument.Statement.map((statement, i) => ({ id: `${roleId}.${policy.PolicyName}#${i}`, statement })),
  );
  const attached = resourcesOf(template, 'AWS::IAM::Policy')
    .filter(([, p]) => ((p.Properties.Roles ?? []) as Array<{ Ref?: string }>).some((r) => r.Ref === roleId))
    .flatMap(([policyId, p]) => (p.Properties.PolicyDocument.Statement as unknown[]).map((statement, i) => ({ id: `${policyId}#${i}`, statement })));
  if ((role.Properties?.ManagedPolicyArns ?? []).length) throw new Error(`${roleId} has managed policies, which the harness cannot read`);
  return [...inline, ...attached];
}
