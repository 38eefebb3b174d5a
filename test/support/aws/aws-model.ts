import { readFileSync } from 'node:fs';

/**
 * A service's API model (botocore / aws-sdk v2 JSON form) and a validator for an operation's input
 * as the service's front end checks it: required members, types, lengths, ranges, patterns, enums,
 * through nested structures, lists and maps.
 */
export interface ShapeRef {
  shape?: string;
  location?: 'uri' | 'querystring' | 'header' | 'headers' | 'statusCode';
  locationName?: string;
  [trait: string]: unknown;
}

export interface Shape extends ShapeRef {
  type?: 'structure' | 'list' | 'map' | 'string' | 'integer' | 'long' | 'float' | 'double' | 'boolean' | 'timestamp' | 'blob' | 'document';
  required?: string[];
  members?: Record<string, ShapeRef>;
  member?: ShapeRef;
  key?: ShapeRef;
  value?: ShapeRef;
  min?: number;
  max?: number;
  pattern?: string;
  enum?: string[];
  union?: boolean;
  payload?: string;
}

export interface Operation {
  name: string;
  http?: { method: string; requestUri: string; responseCode?: number };
  input?: ShapeRef;
  output?: ShapeRef;
}

export interface Model {
  metadata: Record<string, unknown>;
  operations: Record<string, Operation>;
  shapes: Record<string, Shape>;
}

export type ModelName = 'sqs' | 'scheduler' | 'iot-data' | 'secretsmanager' | 'kms';

const models = new Map<ModelName, Model>();

/** The vendored model (models/extract-models.ts says where it comes from). */
export function loadModel(name: ModelName): Model {
  let model = models.get(name);
  if (!model) {
    model = JSON.parse(readFileSync(new URL(`./models/${name}.json`, import.meta.url), 'utf8')) as Model;
    models.set(name, model);
  }
  return model;
}

/** A member reference resolved to its shape (the minified models inline shapes; the full ones name them). */
export const resolve = (model: Model, ref: ShapeRef): Shape => (ref.shape ? model.shapes[ref.shape]! : (ref as Shape));

export interface Violation {
  /** Coral's path: lowerCamel member names, list items `.N.member` (1-based). */
  path: string;
  /** 'type' is a SerializationException on AWS; the others a ValidationException. */
  kind: 'required' | 'type' | 'length' | 'range' | 'pattern' | 'enum' | 'union';
  message: string;
}

const patterns = new Map<string, RegExp | null>();
/** The model's patterns are Java regexes; the ones JS cannot read are not checked (none in these models). */
function regex(pattern: string): RegExp | null {
  if (!patterns.has(pattern)) {
    let compiled: RegExp | null = null;
    for (const flags of ['u', '']) {
      try {
        compiled = new RegExp(pattern, flags);
        break;
      } catch {
        // try the next flags
      }
    }
    patterns.set(pattern, compiled);
  }
  return patterns.get(pattern)!;
}

const describe = (value: unknown) => (typeof value === 'string' ? `'${value.length > 64 ? `${value.slice(0, 64)}…` : value}'` : '');
const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
const join = (path: string, name: string) => (path ? `${path}.${name}` : name);

function bounds(violations: Violation[], shape: Shape, size: number, path: string, value: unknown, noun: 'length' | 'value'): void {
  const kind = noun === 'length' ? 'length' : 'range';
  const at = `Value ${describe(value)}${describe(value) ? ' ' : ''}at '${path}' failed to satisfy constraint: Member must have ${noun}`;
  if (shape.min !== undefined && size < shape.min) violations.push({ path, kind, message: `${at} greater than or equal to ${shape.min}` });
  if (shape.max !== undefined && size > shape.max) violations.push({ path, kind, message: `${at} less than or equal to ${shape.max}` });
}

function typeError(violations: Violation[], path: string, type: string): void {
  violations.push({ path, kind: 'type', message: `Value at '${path}' must be of type ${type}` });
}

function check(model: Model, shape: Shape, value: unknown, path: string, violations: Violation[]): void {
  const type = shape.type ?? 'string';
  switch (type) {
    case 'structure': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return typeError(violations, path, 'structure');
      const record = value as Record<string, unknown>;
      for (const name of shape.required ?? []) {
        if (record[name] === undefined || record[name] === null) violations.push({ path: join(path, camel(name)), kind: 'required', message: `Value null at '${join(path, camel(name))}' failed to satisfy constraint: Member must not be null` });
      }
      const present = Object.entries(shape.members ?? {}).filter(([name]) => record[name] !== undefined && record[name] !== null);
      if (shape.union && present.length !== 1) violations.push({ path, kind: 'union', message: `Value at '${path}' must have exactly one member set` });
      for (const [name, ref] of present) check(model, resolve(model, ref), record[name], join(path, camel(name)), violations);
      return;
    }
    case 'list': {
      if (!Array.isArray(value)) return typeError(violations, path, 'list');
      bounds(violations, shape, value.length, path, undefined, 'length');
      value.forEach((item, index) => check(model, resolve(model, shape.member!), item, join(path, `${index + 1}.member`), violations));
      return;
    }
    case 'map': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return typeError(violations, path, 'map');
      const entries = Object.entries(value);
      bounds(violations, shape, entries.length, path, undefined, 'length');
      for (const [key, item] of entries) {
        check(model, resolve(model, shape.key ?? {}), key, join(path, `${key}.key`), violations);
        check(model, resolve(model, shape.value ?? {}), item, join(path, `${key}.value`), violations);
      }
      return;
    }
    case 'string': {
      if (typeof value !== 'string') return typeError(violations, path, 'string');
      bounds(violations, shape, [...value].length, path, value, 'length');
      if (shape.enum && !shape.enum.includes(value)) violations.push({ path, kind: 'enum', message: `Value ${describe(value)} at '${path}' failed to satisfy constraint: Member must satisfy enum value set: [${shape.enum.join(', ')}]` });
      const re = shape.pattern ? regex(shape.pattern) : null;
      if (re && !re.test(value)) violations.push({ path, kind: 'pattern', message: `Value ${describe(value)} at '${path}' failed to satisfy constraint: Member must satisfy regular expression pattern: ${shape.pattern}` });
      return;
    }
    case 'integer':
    case 'long':
      if (typeof value !== 'number' || !Number.isInteger(value)) return typeError(violations, path, type);
      return bounds(violations, shape, value, path, value, 'value');
    case 'float':
    case 'double':
      if (typeof value !== 'number') return typeError(violations, path, type);
      return bounds(violations, shape, value, path, value, 'value');
    case 'boolean':
      if (typeof value !== 'boolean') typeError(violations, path, 'boolean');
      return;
    case 'timestamp':
      // JSON bodies carry epoch seconds; headers and query strings ISO 8601 text.
      if (typeof value === 'number' ? !Number.isFinite(value) : typeof value !== 'string' || Number.isNaN(Date.parse(value))) typeError(violations, path, 'timestamp');
      return;
    case 'blob': {
      const size = Buffer.isBuffer(value) ? value.length : typeof value === 'string' ? Buffer.from(value, 'base64').length : -1;
      if (size < 0) return typeError(violations, path, 'blob');
      return bounds(violations, shape, size, path, undefined, 'length');
    }
    default:
      return;
  }
}

/** Every rule `input` breaks for `operation`, in the order AWS lists them (empty: valid). */
export function validateInput(model: Model, operation: string, input: unknown): Violation[] {
  const ref = model.operations[operation]?.input;
  if (!ref) return [];
  const violations: Violation[] = [];
  check(model, resolve(model, ref), input ?? {}, '', violations);
  return violations;
}

/** AWS's message for a failed validation. */
export function violationMessage(violations: Violation[]): string {
  const count = violations.length;
  return `${count} validation error${count === 1 ? '' : 's'} detected: ${violations.map((v) => v.message).join('; ')}`;
}
