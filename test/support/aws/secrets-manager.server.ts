import { randomBytes, randomUUID } from 'node:crypto';
import { allowAll, type AuthorizingOptions, type CallRecord } from './aws-authz.ts';
import { AwsFault, authorizeOrThrow, callerOf, jsonErrorWriter, sendJson, startHttpServer } from './aws-http.ts';
import { arn } from './aws-identity.ts';
import { loadModel } from './aws-model.ts';
import { readJsonRpc } from './json-rpc.ts';

export interface SecretsManagerEmulator {
  endpoint: string;
  close(): Promise<void>;
  /** Creates a secret as the template would (no authorization); answers its ARN. */
  createSecret(name: string, value: string): string;
  /** A secret's string in a stage (default AWSCURRENT), as CloudFormation's dynamic reference reads it (no authorization). */
  valueOf(id: string, stage?: string): string | undefined;
  calls: CallRecord[];
}

interface Version {
  id: string;
  string?: string;
  binary?: string;
  stages: string[];
  created: number;
}
interface Secret {
  name: string;
  arn: string;
  description?: string;
  kmsKeyId?: string;
  created: number;
  changed: number;
  accessed?: number;
  versions: Version[];
}

const model = loadModel('secretsmanager');
const CONTENT_TYPE = 'application/x-amz-json-1.1';
/** Secret names: letters, digits and /_+=.@- (user guide, "Quotas": name characters). */
const NAME = /^[A-Za-z0-9/_+=.@-]+$/;
const SUFFIX_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const invalidParameter = (message: string) => new AwsFault(400, 'InvalidParameterException', message);
const notFound = (message = "Secrets Manager can't find the specified secret.") => new AwsFault(400, 'ResourceNotFoundException', message);
const seconds = (ms: number) => ms / 1000;

/** Secrets Manager (AWS JSON 1.1): secrets with versions and the AWSCURRENT/AWSPREVIOUS stages. */
export async function startSecretsManagerEmulator(options: AuthorizingOptions = {}): Promise<SecretsManagerEmulator> {
  const authorize = options.authorize ?? allowAll;
  const calls = options.calls ?? [];
  const secrets = new Map<string, Secret>();

  const suffix = () => [...randomBytes(6)].map((b) => SUFFIX_CHARS[b % SUFFIX_CHARS.length]).join('');
  /** By name, full ARN, or partial ARN (without the 6-character suffix). */
  const find = (id: string) => [...secrets.values()].find((s) => s.name === id || s.arn === id || s.arn.slice(0, -7) === id);

  const addVersion = (secret: Secret, input: { ClientRequestToken?: string; SecretString?: string; SecretBinary?: string; VersionStages?: string[] }) => {
    if (input.SecretString !== undefined && input.SecretBinary !== undefined) throw invalidParameter('You can only specify one of SecretString and SecretBinary.');
    const id = input.ClientRequestToken ?? randomUUID();
    const existing = secret.versions.find((v) => v.id === id);
    if (existing) {
      // Idempotent retry: the same token with the same value is the same version.
      if (existing.string !== input.SecretString || existing.binary !== input.SecretBinary) throw new AwsFault(400, 'ResourceExistsException', `A resource with the ID you requested already exists.`);
      return existing;
    }
    const stages = input.VersionStages ?? ['AWSCURRENT'];
    if (stages.includes('AWSCURRENT')) {
      for (const version of secret.versions) version.stages = version.stages.filter((s) => s !== 'AWSPREVIOUS');
      const current = secret.versions.find((v) => v.stages.includes('AWSCURRENT'));
      if (current) current.stages = [...current.stages.filter((s) => s !== 'AWSCURRENT'), 'AWSPREVIOUS'];
    }
    for (const version of secret.versions) version.stages = version.stages.filter((s) => s === 'AWSPREVIOUS' || !stages.includes(s));
    const version: Version = { id, stages, created: Date.now(), ...(input.SecretString !== undefined ? { string: input.SecretString } : {}), ...(input.SecretBinary !== undefined ? { binary: input.SecretBinary } : {}) };
    secret.versions.push(version);
    secret.changed = Date.now();
    return version;
  };

  const create = (input: Record<string, any>) => {
    const name = String(input.Name);
    if (!NAME.test(name)) throw invalidParameter('Invalid name. Must be a valid name containing alphanumeric characters, or any of the following: -/_+=.@!');
    if (secrets.has(name)) throw new AwsFault(400, 'ResourceExistsException', `The operation failed because the secret ${name} already exists.`);
    const now = Date.now();
    const secret: Secret = { name, arn: arn('secretsmanager', `secret:${name}-${suffix()}`), created: now, changed: now, versions: [], ...(input.Description ? { description: input.Description } : {}), ...(input.KmsKeyId ? { kmsKeyId: input.KmsKeyId } : {}) };
    const hasValue = input.SecretString !== undefined || input.SecretBinary !== undefined;
    const version = hasValue ? addVersion(secret, input) : undefined;
    secrets.set(name, secret);
    return { secret, version };
  };

  const server = await startHttpServer(async (req, body, res) => {
    const caller = callerOf(req);
    const { operation, input } = readJsonRpc(model, req, body);
    const ask = (resource: string) => authorizeOrThrow(authorize, calls, { service: 'secretsmanager', action: `secretsmanager:${operation}`, resources: [resource], accessKeyId: caller }, 'AccessDeniedException');
    if (operation === 'CreateSecret') {
      ask(arn('secretsmanager', `secret:${String(input.Name)}-??????`));
      const { secret, version } = create(input);
      return sendJson(res, 200, { ARN: secret.arn, Name: secret.name, ...(version ? { VersionId: version.id } : {}) }, CONTENT_TYPE);
    }
    const id = String(input.SecretId);
    const secret = find(id);
    // IAM sees the ARN the caller named when the secret does not exist.
    ask(secret?.arn ?? (id.startsWith('arn:') ? id : arn('secretsmanager', `secret:${id}`)));
    if (!secret) throw notFound();
    switch (operation) {
      case 'GetSecretValue': {
        const stage = (input.VersionStage as string | undefined) ?? (input.VersionId ? undefined : 'AWSCURRENT');
        const version = secret.versions.find((v) => (input.VersionId === undefined || v.id === input.VersionId) && (stage === undefined || v.stages.includes(stage)));
        if (!version) throw notFound(`Secrets Manager can't find the specified secret value for ${input.VersionId ? `VersionId: ${String(input.VersionId)}` : `staging label: ${stage}`}`);
        secret.accessed = Date.now();
        return sendJson(res, 200, { ARN: secret.arn, Name: secret.name, VersionId: version.id, VersionStages: version.stages, CreatedDate: seconds(version.created), ...(version.string !== undefined ? { SecretString: version.string } : { SecretBinary: version.binary }) }, CONTENT_TYPE);
      }
      case 'PutSecretValue': {
        const version = addVersion(secret, input);
        return sendJson(res, 200, { ARN: secret.arn, Name: secret.name, VersionId: version.id, VersionStages: version.stages }, CONTENT_TYPE);
      }
      case 'DescribeSecret':
        return sendJson(res, 200, {
          ARN: secret.arn,
          Name: secret.name,
          ...(secret.description ? { Description: secret.description } : {}),
          ...(secret.kmsKeyId ? { KmsKeyId: secret.kmsKeyId } : {}),
          RotationEnabled: false,
          CreatedDate: seconds(secret.created),
          LastChangedDate: seconds(secret.changed),
          ...(secret.accessed ? { LastAccessedDate: seconds(secret.accessed) } : {}),
          VersionIdsToStages: Object.fromEntries(secret.versions.filter((v) => v.stages.length).map((v) => [v.id, v.stages])),
        }, CONTENT_TYPE);
      default:
        throw new AwsFault(400, 'InvalidRequestException', `${operation} is not emulated.`);
    }
  }, jsonErrorWriter(CONTENT_TYPE));

  return {
    ...server,
    createSecret: (name, value) => create({ Name: name, SecretString: value }).secret.arn,
    valueOf: (id, stage = 'AWSCURRENT') => find(id)?.versions.find((v) => v.stages.includes(stage))?.string,
    calls,
  };
}
