/** What an emulator asks before it acts: one IAM action on its resources, by one caller. */
export interface AuthorizeCall {
  service: 'sqs' | 'scheduler' | 'iot' | 'secretsmanager' | 'kms' | 'dynamodb' | 's3' | 'iam';
  /** The IAM action, e.g. 'sqs:SendMessage' (not always the operation's name). */
  action: string;
  /** ARNs. */
  resources: string[];
  accessKeyId: string;
  /** Condition keys, e.g. `dynamodb:LeadingKeys`. */
  context?: Record<string, string[]>;
}

export type Decision = { allowed: true } | { allowed: false; reason: string };
export type Authorize = (call: AuthorizeCall) => Decision;

/** One call as the harness's report lists it. */
export interface CallRecord extends AuthorizeCall {
  allowed: boolean;
  reason?: string;
}

export const allowAll: Authorize = () => ({ allowed: true });

/** Asks `authorize` and records the call and its answer in `calls`. */
export function checkCall(authorize: Authorize, calls: CallRecord[], call: AuthorizeCall): Decision {
  const decision = authorize(call);
  calls.push({ ...call, allowed: decision.allowed, ...(decision.allowed ? {} : { reason: decision.reason }) });
  return decision;
}

/** The options every emulator takes. */
export interface AuthorizingOptions {
  authorize?: Authorize;
  /** Shared with other emulators if the harness wants one list; a new array otherwise. */
  calls?: CallRecord[];
}
