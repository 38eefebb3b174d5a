import type { AuthorizeCall, Decision } from '../aws/aws-authz.ts';
import { evaluate, grantCovers, grantsOf, type SourcedStatement } from './iam-policy.ts';

/** Who may call: a function's credential (its logical id) or a role an AWS service assumes for a target. */
export interface Principal {
  /** The access key id the principal signs with. */
  key: string;
  /** For the report: the function's or role's logical id. */
  name: string;
  statements: SourcedStatement[];
}

/** The harness's own clients (the tests' setup, a person's admin calls) sign with this and are not judged. */
export const HARNESS_KEY = 'harness';

export interface RefusedCall extends AuthorizeCall {
  reason: string;
}

export interface UnusedGrant {
  principal: string;
  statement: string;
  action: string;
  resource: string;
}

/**
 * Every AWS call of the run, judged against its caller's role from the template: `authorize` is
 * what the emulators ask. A call on several resources needs every one allowed. The ledger keeps
 * the refusals and which grants were used, for the report.
 */
export function createIamLedger(principals: readonly Principal[], defaults: Record<string, string[]> = {}) {
  const byKey = new Map(principals.map((p) => [p.key, p]));
  const grants = principals.flatMap((p) => p.statements.flatMap(grantsOf).map((g) => ({ ...g, principal: p.name, used: false })));
  const refused: RefusedCall[] = [];
  let allowedCalls = 0;

  const authorize = (call: AuthorizeCall): Decision => {
    if (call.accessKeyId === HARNESS_KEY) return { allowed: true };
    const principal = byKey.get(call.accessKeyId);
    const deny = (reason: string): Decision => {
      refused.push({ ...call, reason });
      return { allowed: false, reason };
    };
    if (!principal) return deny(`no principal of the template signs with ${call.accessKeyId}`);
    // The SDK reaches AWS over TLS; the emulators speak plain HTTP on loopback, so the key is what AWS would see.
    const context = { 'aws:SecureTransport': ['true'], ...defaults, ...call.context };
    const usedBy: Array<{ statement: string; action: string; resource: string }> = [];
    for (const resource of call.resources.length ? call.resources : ['*']) {
      const evaluation = evaluate(principal.statements, { action: call.action, resource, context });
      if (!evaluation.allowed) return deny(`${call.action} on ${resource}: ${evaluation.reason}`);
      for (const s of evaluation.by) usedBy.push({ statement: s.id, action: call.action, resource });
    }
    for (const grant of grants) {
      if (grant.principal !== principal.name || grant.used) continue;
      grant.used = usedBy.some((u) => u.statement === grant.statement && grantCovers(grant, { action: u.action, resource: u.resource }));
    }
    allowedCalls++;
    return { allowed: true };
  };

  return {
    authorize,
    refused,
    get allowedCalls() {
      return allowedCalls;
    },
    unusedGrants: (): UnusedGrant[] => grants.filter((g) => !g.used).map(({ used: _used, ...g }) => g),
  };
}

export type IamLedger = ReturnType<typeof createIamLedger>;
