import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { allowAll, type AuthorizingOptions, type CallRecord } from './aws-authz.ts';
import { AwsFault, authorizeOrThrow, callerOf, jsonErrorWriter, sendJson, startHttpServer } from './aws-http.ts';
import { arn } from './aws-identity.ts';
import { loadModel } from './aws-model.ts';
import { readJsonRpc } from './json-rpc.ts';

export interface KmsEmulator {
  endpoint: string;
  close(): Promise<void>;
  /** Creates a symmetric key as the template would (no authorization); answers its ARN. */
  createKey(): string;
  /** Points `alias/…` at a key (by id or ARN), as the template's AWS::KMS::Alias does. */
  createAlias(name: string, targetKeyId: string): void;
  calls: CallRecord[];
}

interface Key {
  id: string;
  arn: string;
  material: Buffer;
}

const model = loadModel('kms');
const CONTENT_TYPE = 'application/x-amz-json-1.1';
const SYMMETRIC_DEFAULT = 'SYMMETRIC_DEFAULT';
/** The blob: a version byte, the key id (a UUID, 36 bytes), the IV, the tag, the sealed bytes. */
const BLOB_VERSION = 1;
const ID_BYTES = 36;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const notFound = (message: string) => new AwsFault(400, 'NotFoundException', message);
const invalidCiphertext = () => new AwsFault(400, 'InvalidCiphertextException', '');

/** The context as AAD: sorted by key, so the order a caller lists it in does not matter (as in KMS). */
const aadOf = (context: Record<string, string>) => Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), 'utf8');

/** The condition keys IAM sees for a call with this context (`kms:EncryptionContext:<key>`, `kms:EncryptionContextKeys`). */
function conditionKeys(context: Record<string, string>, algorithm: string): Record<string, string[]> {
  return {
    'kms:EncryptionAlgorithm': [algorithm],
    'kms:EncryptionContextKeys': Object.keys(context),
    ...Object.fromEntries(Object.entries(context).map(([key, value]) => [`kms:EncryptionContext:${key}`, [value]])),
  };
}

/**
 * AWS KMS (JSON 1.1, target `TrentService`): symmetric keys, their aliases, Encrypt and Decrypt.
 * Requests are validated against botocore's KMS model (models/kms.json: KeyId 1 to 2048
 * characters, Plaintext 1 to 4096 bytes, CiphertextBlob up to 6144, the algorithm enum). Each call
 * is authorised on the key's ARN (an alias is resolved first, as KMS authorises the key) with the
 * encryption context as condition keys. A ciphertext names its key, as a KMS blob does, so Decrypt
 * needs no KeyId, and a KeyId naming another key is IncorrectKeyException; it opens only with the
 * context it was sealed with (AES-256-GCM, the context as AAD), else InvalidCiphertextException.
 * Key policies, grants, key states and the request quotas are not emulated; other operations are
 * refused by name.
 */
export async function startKmsEmulator(options: AuthorizingOptions = {}): Promise<KmsEmulator> {
  const authorize = options.authorize ?? allowAll;
  const calls = options.calls ?? [];
  const keys = new Map<string, Key>();
  const aliases = new Map<string, string>();

  /** By key id, key ARN, alias name or alias ARN. */
  const find = (keyId: string): Key | undefined => {
    const aliasName = keyId.startsWith('alias/') ? keyId : keyId.startsWith('arn:') && keyId.includes(':alias/') ? keyId.slice(keyId.indexOf('alias/')) : undefined;
    const id = aliasName ? aliases.get(aliasName) : keyId.startsWith('arn:') ? keyId.slice(keyId.lastIndexOf('key/') + 'key/'.length) : keyId;
    return id ? keys.get(id) : undefined;
  };
  /** What IAM sees when the key named does not exist: the ARN it names, or a key ARN of the id. */
  const namedArn = (keyId: string) => (keyId.startsWith('arn:') ? keyId : keyId.startsWith('alias/') ? arn('kms', keyId) : arn('kms', `key/${keyId}`));

  const createKey = () => {
    const id = randomUUID();
    const key: Key = { id, arn: arn('kms', `key/${id}`), material: randomBytes(32) };
    keys.set(id, key);
    return key.arn;
  };
  const createAlias = (name: string, targetKeyId: string) => {
    const key = find(targetKeyId);
    if (!name.startsWith('alias/') || name.startsWith('alias/aws/')) throw new Error(`Alias names start with alias/ and not alias/aws/: ${name}`);
    if (!key) throw new Error(`Alias ${name}: no key ${targetKeyId}`);
    aliases.set(name, key.id);
  };

  const server = await startHttpServer(async (req, body, res) => {
    const caller = callerOf(req);
    const { operation, input } = readJsonRpc(model, req, body);
    const context = (input.EncryptionContext ?? {}) as Record<string, string>;
    const algorithm = (input.EncryptionAlgorithm as string | undefined) ?? SYMMETRIC_DEFAULT;
    const ask = (resource: string) =>
      authorizeOrThrow(authorize, calls, { service: 'kms', action: `kms:${operation}`, resources: [resource], accessKeyId: caller, context: conditionKeys(context, algorithm) });
    switch (operation) {
      case 'Encrypt': {
        const keyId = String(input.KeyId);
        const key = find(keyId);
        ask(key?.arn ?? namedArn(keyId));
        if (!key) throw notFound(`Key '${namedArn(keyId)}' does not exist`);
        if (algorithm !== SYMMETRIC_DEFAULT) throw new AwsFault(400, 'InvalidKeyUsageException', `${algorithm} is not valid for a symmetric key`);
        const iv = randomBytes(IV_BYTES);
        const cipher = createCipheriv('aes-256-gcm', key.material, iv).setAAD(aadOf(context));
        const sealed = Buffer.concat([cipher.update(Buffer.from(String(input.Plaintext), 'base64')), cipher.final()]);
        const blob = Buffer.concat([Buffer.from([BLOB_VERSION]), Buffer.from(key.id, 'ascii'), iv, cipher.getAuthTag(), sealed]);
        return sendJson(res, 200, { CiphertextBlob: blob.toString('base64'), KeyId: key.arn, EncryptionAlgorithm: SYMMETRIC_DEFAULT }, CONTENT_TYPE);
      }
      case 'Decrypt': {
        const blob = Buffer.from(String(input.CiphertextBlob), 'base64');
        const blobKey = blob[0] === BLOB_VERSION && blob.length > 1 + ID_BYTES + IV_BYTES + TAG_BYTES ? keys.get(blob.subarray(1, 1 + ID_BYTES).toString('ascii')) : undefined;
        const named = input.KeyId === undefined ? undefined : String(input.KeyId);
        const namedKey = named === undefined ? undefined : find(named);
        // IAM judges the key the call would use: the one named, else the blob's.
        ask(namedKey?.arn ?? (named !== undefined ? namedArn(named) : blobKey?.arn ?? arn('kms', 'key/*')));
        if (named !== undefined && !namedKey) throw notFound(`Key '${namedArn(named)}' does not exist`);
        if (!blobKey) throw invalidCiphertext();
        if (namedKey && namedKey.id !== blobKey.id) throw new AwsFault(400, 'IncorrectKeyException', 'The key ID in the request does not identify a KMS key that can perform this operation.');
        if (algorithm !== SYMMETRIC_DEFAULT) throw new AwsFault(400, 'InvalidKeyUsageException', `${algorithm} is not valid for a symmetric key`);
        const at = 1 + ID_BYTES;
        const decipher = createDecipheriv('aes-256-gcm', blobKey.material, blob.subarray(at, at + IV_BYTES)).setAAD(aadOf(context));
        decipher.setAuthTag(blob.subarray(at + IV_BYTES, at + IV_BYTES + TAG_BYTES));
        let plaintext: Buffer;
        try {
          plaintext = Buffer.concat([decipher.update(blob.subarray(at + IV_BYTES + TAG_BYTES)), decipher.final()]);
        } catch {
          // Another context (or a damaged blob): KMS says no more than this.
          throw invalidCiphertext();
        }
        return sendJson(res, 200, { Plaintext: plaintext.toString('base64'), KeyId: blobKey.arn, EncryptionAlgorithm: SYMMETRIC_DEFAULT }, CONTENT_TYPE);
      }
      default:
        throw new AwsFault(400, 'UnsupportedOperationException', `${operation} is not emulated.`);
    }
  }, jsonErrorWriter(CONTENT_TYPE));

  return { ...server, createKey, createAlias, calls };
}
