import { ACCOUNT_ID, REGION } from '../aws/aws-identity.ts';
import type { CfnTemplate } from './template.ts';

/** What a resource stands for in the emulated account: its `Ref` and its `Fn::GetAtt` attributes. */
export interface Bound {
  ref: string;
  attributes?: Record<string, string>;
}

/** A value no intrinsic could produce: `Ref: AWS::NoValue` removes the property or list item it stands in. */
const NO_VALUE = Symbol('AWS::NoValue');

export class UnresolvableError extends Error {
  constructor(path: string, detail: string) {
    super(`Cannot resolve ${path}: ${detail}`);
  }
}

export interface ResolverOptions {
  /** Parameter values instead of their defaults (a deploy's `--parameters`). */
  parameters?: Record<string, string>;
  /** Exports of other stacks (`Fn::ImportValue`); the portal stack imports none today. */
  imports?: Record<string, string>;
}

/**
 * CloudFormation's intrinsic functions over one template, against what the harness bound each
 * resource to (queue URLs from the SQS emulator, the pool id from cognito-local, …). A resource no
 * one bound, an attribute it lacks, a parameter without a value or an intrinsic not implemented
 * fails with the path of the value in the template: what the harness cannot resolve, it does not
 * make up.
 */
export function createResolver(template: CfnTemplate, options: ResolverOptions = {}) {
  const bound = new Map<string, Bound>();
  const pseudo: Record<string, string> = {
    'AWS::Region': REGION,
    'AWS::AccountId': ACCOUNT_ID,
    'AWS::Partition': 'aws',
    'AWS::URLSuffix': 'amazonaws.com',
    'AWS::StackName': template.stackName,
    'AWS::StackId': `arn:aws:cloudformation:${REGION}:${ACCOUNT_ID}:stack/${template.stackName}/00000000-0000-0000-0000-000000000000`,
    'AWS::NotificationARNs': '',
  };

  const parameter = (name: string, path: string) => {
    const given = options.parameters?.[name];
    if (given !== undefined) return given;
    const declared = template.Parameters?.[name];
    if (!declared) return undefined;
    if (declared.Default === undefined) throw new UnresolvableError(path, `parameter ${name} has no default and no value`);
    // An SSM parameter type's default is the parameter's name, not its value (cdk's bootstrap version).
    if (String(declared.Type).startsWith('AWS::SSM::Parameter::Value')) return `ssm:${declared.Default}`;
    return String(declared.Default);
  };

  const ref = (name: string, path: string): string | typeof NO_VALUE => {
    if (name === 'AWS::NoValue') return NO_VALUE;
    if (name in pseudo) return pseudo[name]!;
    const value = parameter(name, path);
    if (value !== undefined) return value;
    const resource = bound.get(name);
    if (resource) return resource.ref;
    if (template.Resources[name]) throw new UnresolvableError(path, `Ref ${name} (${template.Resources[name]!.Type}) is not emulated`);
    throw new UnresolvableError(path, `Ref ${name}: no such parameter or resource`);
  };

  const getAtt = (logicalId: string, attribute: string, path: string) => {
    const resource = bound.get(logicalId);
    const value = resource?.attributes?.[attribute];
    if (value !== undefined) return value;
    const type = template.Resources[logicalId]?.Type ?? 'no such resource';
    throw new UnresolvableError(path, `Fn::GetAtt ${logicalId}.${attribute} (${type}) is not emulated`);
  };

  const conditions = new Map<string, boolean>();
  const condition = (name: string, path: string): boolean => {
    const known = conditions.get(name);
    if (known !== undefined) return known;
    const expression = template.Conditions?.[name];
    if (expression === undefined) throw new UnresolvableError(path, `no condition ${name}`);
    const value = evaluateCondition(expression, `Conditions.${name}`);
    conditions.set(name, value);
    return value;
  };

  function evaluateCondition(expression: unknown, path: string): boolean {
    const [fn, args] = Object.entries(expression as Record<string, unknown>)[0] ?? [];
    const list = args as unknown[];
    switch (fn) {
      case 'Fn::Equals':
        return String(resolve(list[0], `${path}.0`)) === String(resolve(list[1], `${path}.1`));
      case 'Fn::Not':
        return !evaluateCondition(list[0], `${path}.0`);
      case 'Fn::And':
        return list.every((c, i) => evaluateCondition(c, `${path}.${i}`));
      case 'Fn::Or':
        return list.some((c, i) => evaluateCondition(c, `${path}.${i}`));
      case 'Condition':
        return condition(String(args), path);
      default:
        throw new UnresolvableError(path, `condition function ${fn} is not implemented`);
    }
  }

  const sub = (text: string, variables: Record<string, unknown>, path: string) =>
    text.replace(/\$\{(!?)([^}]+)\}/g, (whole, literal: string, name: string) => {
      if (literal) return `\${${name}}`;
      if (name in variables) return String(resolve(variables[name], `${path}.${name}`));
      if (name.includes('.')) {
        const [id, ...attribute] = name.split('.');
        return getAtt(id!, attribute.join('.'), path);
      }
      const value = ref(name, path);
      if (value === NO_VALUE) throw new UnresolvableError(path, `${whole} is AWS::NoValue`);
      return value;
    });

  function resolve(value: unknown, path: string): unknown {
    if (Array.isArray(value)) return value.map((v, i) => resolve(v, `${path}.${i}`)).filter((v) => v !== NO_VALUE);
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 1) {
      const [fn, args] = entries[0]!;
      const list = args as unknown[];
      const at = `${path}.${fn}`;
      switch (fn) {
        case 'Ref':
          return ref(String(args), at);
        case 'Fn::GetAtt': {
          const [id, attribute] = Array.isArray(args) ? (args as string[]) : String(args).split(/\.(.*)/s);
          return getAtt(id!, String(resolve(attribute, at)), at);
        }
        case 'Fn::Join':
          return (resolve(list[1], at) as unknown[]).map(String).join(String(list[0]));
        case 'Fn::Sub':
          return typeof args === 'string' ? sub(args, {}, at) : sub(String(list[0]), list[1] as Record<string, unknown>, at);
        case 'Fn::Select': {
          const items = resolve(list[1], at) as unknown[];
          const index = Number(resolve(list[0], at));
          if (!(index in items)) throw new UnresolvableError(at, `index ${index} of ${items.length} items`);
          return items[index];
        }
        case 'Fn::Split':
          return String(resolve(list[1], at)).split(String(list[0]));
        case 'Fn::If':
          return resolve(condition(String(list[0]), at) ? list[1] : list[2], at);
        case 'Fn::ImportValue': {
          const name = String(resolve(args, at));
          const imported = options.imports?.[name];
          if (imported === undefined) throw new UnresolvableError(at, `no stack exports ${name}`);
          return imported;
        }
        case 'Fn::GetAZs':
          return ['a', 'b', 'c'].map((zone) => `${REGION}${zone}`);
        default:
          if (fn.startsWith('Fn::')) throw new UnresolvableError(at, `${fn} is not implemented`);
      }
    }
    const out: Record<string, unknown> = {};
    for (const [key, v] of entries) {
      const resolved = resolve(v, `${path}.${key}`);
      if (resolved !== NO_VALUE) out[key] = resolved;
    }
    return out;
  }

  return {
    /** What `Ref` and `Fn::GetAtt` of `logicalId` give from now on. */
    bind(logicalId: string, value: Bound) {
      if (!template.Resources[logicalId]) throw new Error(`The template has no resource ${logicalId}`);
      bound.set(logicalId, value);
    },
    isBound: (logicalId: string) => bound.has(logicalId),
    /** Resolves a template value; `path` names it in errors (`Resources.X.Properties.Environment`). */
    resolve: <T = unknown>(value: unknown, path: string) => resolve(value, path) as T,
    /** Whether a resource with a `Condition` exists in this deployment. */
    exists: (logicalId: string) => {
      const name = template.Resources[logicalId]?.Condition;
      return name === undefined || condition(name, `Resources.${logicalId}.Condition`);
    },
    condition: (name: string) => condition(name, `Conditions.${name}`),
  };
}

export type Resolver = ReturnType<typeof createResolver>;
