/**
 * Preloaded into the cognito-local child (`node --import`, infra/local/cognito-local.ts). Its token
 * signer and its JWKS route read the key pair from two JSON modules in its package
 * (lib/keys/cognitoLocal.{private,public}.json), whose private key is public knowledge. This puts
 * the data directory's own pair (COGNITO_LOCAL_SIGNING_KEY, signing-key.ts) in the module cache
 * under those very file names before cognito-local loads, so it signs and publishes only that one.
 * cognito-local.ts checks the published JWKS after start and refuses to go on if this had no effect.
 */
import { readFileSync, realpathSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const keyFile = process.env.COGNITO_LOCAL_SIGNING_KEY;
if (!keyFile) throw new Error('COGNITO_LOCAL_SIGNING_KEY is not set');
const pair = JSON.parse(readFileSync(keyFile, 'utf8'));

// The entry point is cognito-local/lib/bin/start.js; its modules load ../keys/cognitoLocal.*.json.
const keysDir = join(dirname(realpathSync(process.argv[1])), '..', 'keys');
const cache = createRequire(import.meta.url).cache;
for (const [name, exports] of [
  ['private', pair.private],
  ['public', pair.public],
]) {
  const filename = join(keysDir, `cognitoLocal.${name}.json`);
  const cached = new Module(filename);
  cached.filename = filename;
  cached.exports = exports;
  cached.loaded = true;
  cache[filename] = cached;
}
