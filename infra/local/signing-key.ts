import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * cognito-local signs every token with a private key shipped inside its npm package, so anyone
 * could forge tokens it would accept. The local runtime gives it a key pair of its own instead,
 * generated once per DATA_DIR (decision 0012). The shape is that of the package's two key files.
 */
export interface SigningKeyPair {
  private: { pem: string };
  public: { pem: string; jwk: JsonWebKey & { kid: string } };
}

/** cognito-local writes this key id into every token header (hard-coded), so the JWKS names it too. */
export const SIGNING_KEY_ID = 'CognitoLocal';

/** Reads the data directory's key pair, generating it (readable by the owner only) on first start. */
export function ensureSigningKey(file: string): SigningKeyPair {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as SigningKeyPair;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pair: SigningKeyPair = {
    private: { pem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string },
    public: {
      pem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
      jwk: { ...publicKey.export({ format: 'jwk' }), kid: SIGNING_KEY_ID, alg: 'RS256', use: 'sig' },
    },
  };
  writeFileSync(file, JSON.stringify(pair, null, 2), { mode: 0o600 });
  return pair;
}
