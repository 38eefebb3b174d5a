/**
 * IAM's identity-policy evaluation, as far as the portal's roles use it: actions and resource ARNs
 * with `*` and `?`, NotAction/NotResource, the condition operators the template holds, an explicit
 * Deny over any Allow, and implicit deny otherwise. Resource policies (queue and bucket policies,
 * Lambda permissions) are not evaluated here; docs/deploy.md says so.
 */

export interface PolicyStatement {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: string | string[];
  /** Resolved ARNs (resolve.ts has already turned intrinsics into strings). */
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: Record<string, Record<string, string | string[] | boolean>>;
}

/** One statement as it came from the template, with where it came from (for the report). */
export interface SourcedStatement {
  /** `<policy logical id>#<index>` */
  id: string;
  statement: PolicyStatement;
}

export interface EvaluatedCall {
  action: string;
  resource: string;
  /** Condition keys, e.g. `dynamodb:LeadingKeys`, `aws:SecureTransport`. */
  context?: Record<string, string[]>;
}

export type Evaluation = { allowed: true; by: SourcedStatement[] } | { allowed: false; reason: string };

const list = (value: string | string[] | undefined): string[] => (value === undefined ? [] : [value].flat());

/** IAM's wildcards: `*` any run of characters, `?` one; everything else literal. */
export function wildcardMatch(pattern: string, value: string, caseInsensitive = false): boolean {
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${source}$`, caseInsensitive ? 'is' : 's').test(value);
}

/** Action names are case-insensitive (`dynamodb:getitem` is `dynamodb:GetItem`). */
export const actionMatches = (pattern: string, action: string) => wildcardMatch(pattern, action, true);

const matchesAction = (s: PolicyStatement, action: string) =>
  s.NotAction !== undefined ? !list(s.NotAction).some((p) => actionMatches(p, action)) : list(s.Action).some((p) => actionMatches(p, action));

const matchesResource = (s: PolicyStatement, resource: string) =>
  s.NotResource !== undefined ? !list(s.NotResource).some((p) => wildcardMatch(p, resource)) : list(s.Resource).some((p) => wildcardMatch(p, resource));

type Test = (value: string, expected: string) => boolean;
const TESTS: Record<string, Test> = {
  StringEquals: (v, e) => v === e,
  StringNotEquals: (v, e) => v !== e,
  StringEqualsIgnoreCase: (v, e) => v.toLowerCase() === e.toLowerCase(),
  StringLike: (v, e) => wildcardMatch(e, v),
  StringNotLike: (v, e) => !wildcardMatch(e, v),
  ArnEquals: (v, e) => v === e,
  ArnLike: (v, e) => wildcardMatch(e, v),
  ArnNotEquals: (v, e) => v !== e,
  ArnNotLike: (v, e) => !wildcardMatch(e, v),
  Bool: (v, e) => v.toLowerCase() === e.toLowerCase(),
  NumericEquals: (v, e) => Number(v) === Number(e),
  NumericLessThan: (v, e) => Number(v) < Number(e),
  NumericLessThanEquals: (v, e) => Number(v) <= Number(e),
  NumericGreaterThan: (v, e) => Number(v) > Number(e),
  NumericGreaterThanEquals: (v, e) => Number(v) >= Number(e),
};
/** Negated operators hold when no value of the key matches any expected one. */
const NEGATED = new Set(['StringNotEquals', 'StringNotLike', 'ArnNotEquals', 'ArnNotLike']);

/**
 * One operator block, e.g. `{ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ORG#*'] } }`.
 * An operator the evaluator does not know throws: a grant it cannot judge must not pass silently.
 */
function conditionHolds(operator: string, keys: Record<string, string | string[] | boolean>, context: Record<string, string[]>): boolean {
  const [qualifier, rest] = operator.includes(':') ? (operator.split(':', 2) as [string, string]) : [undefined, operator];
  const ifExists = rest.endsWith('IfExists');
  const name = ifExists ? rest.slice(0, -'IfExists'.length) : rest;
  if (name === 'Null') {
    return Object.entries(keys).every(([key, expected]) => String(expected) === 'true' ? !context[key]?.length : Boolean(context[key]?.length));
  }
  const test = TESTS[name];
  if (!test) throw new Error(`IAM condition operator ${operator} is not evaluated by the harness (test/support/aws-emulated/iam-policy.ts)`);
  return Object.entries(keys).every(([key, expectedValue]) => {
    const expected = [expectedValue].flat().map(String);
    const values = context[key];
    if (!values?.length) {
      // ForAllValues holds on an empty set (AWS's documented pitfall); IfExists holds on a missing key.
      return qualifier === 'ForAllValues' || ifExists;
    }
    const one = (v: string) => (NEGATED.has(name) ? expected.every((e) => test(v, e)) : expected.some((e) => test(v, e)));
    if (qualifier === 'ForAllValues') return values.every(one);
    if (qualifier === 'ForAnyValue') return values.some(one);
    if (values.length > 1) throw new Error(`Condition ${operator} on ${key} given ${values.length} values: a single-valued operator needs one`);
    return one(values[0]!);
  });
}

const conditionsHold = (s: PolicyStatement, context: Record<string, string[]>) =>
  Object.entries(s.Condition ?? {}).every(([operator, keys]) => conditionHolds(operator, keys, context));

/** The decision on one action on one resource: an explicit Deny wins, then any Allow, else denied. */
export function evaluate(statements: readonly SourcedStatement[], call: EvaluatedCall): Evaluation {
  const context = call.context ?? {};
  const applying = statements.filter(
    ({ statement }) => matchesAction(statement, call.action) && matchesResource(statement, call.resource) && conditionsHold(statement, context),
  );
  const deny = applying.find(({ statement }) => statement.Effect === 'Deny');
  if (deny) return { allowed: false, reason: `explicitly denied by ${deny.id}` };
  const allows = applying.filter(({ statement }) => statement.Effect === 'Allow');
  if (allows.length) return { allowed: true, by: allows };
  return { allowed: false, reason: 'no identity-based policy allows the action' };
}

/** Each action × resource pair a statement grants, as the report names an unused one. */
export function grantsOf({ id, statement }: SourcedStatement): Array<{ statement: string; action: string; resource: string }> {
  if (statement.Effect !== 'Allow') return [];
  const actions = statement.NotAction !== undefined ? [`NotAction ${list(statement.NotAction).join(',')}`] : list(statement.Action);
  const resources = statement.NotResource !== undefined ? [`NotResource ${list(statement.NotResource).join(',')}`] : list(statement.Resource);
  return actions.flatMap((action) => resources.map((resource) => ({ statement: id, action, resource })));
}

/** Whether `call` falls under a grant of `grantsOf` (used to mark grants used). */
export const grantCovers = (grant: { action: string; resource: string }, call: EvaluatedCall) =>
  (grant.action.startsWith('NotAction ') || actionMatches(grant.action, call.action)) &&
  (grant.resource.startsWith('NotResource ') || wildcardMatch(grant.resource, call.resource));
