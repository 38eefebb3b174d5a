import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { captureOutput, stopChild } from './child-process.ts';
import { waitUntil } from './net-utils.ts';
import { ensureSigningKey, type SigningKeyPair } from './signing-key.ts';

export interface CognitoLocal {
  /** Where the API and the proxy reach it. */
  endpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The `iss` of its tokens; the JWKS is under it. */
  issuer: string;
  stop: () => Promise<void>;
}

export interface CognitoLocalOptions {
  dir: string;
  port: number;
  /** Lambda Invoke endpoint cognito-local calls for triggers. */
  lambdaEndpoint: string;
  preTokenGenerationFunction: string;
  /** The `iss` domain of its tokens; default its own endpoint. The aws-emulated harness gives the AWS issuer the template names. */
  issuerDomain?: string;
}

const POOL_NAME = 'portal-local';
/** cognito-local listens here only; the browser reaches it through the portal's `/cognito/` proxy. */
export const COGNITO_LOCAL_HOST = '127.0.0.1';
/** Makes cognito-local sign with the data directory's key instead of its package's (decision 0012). */
const KEY_PRELOAD = fileURLToPath(new URL('./cognito-local-keys.mjs', import.meta.url));
/** Makes its pool files' saves atomic and one at a time, so neither a kill nor two saves break them (decision 0083). */
export const SAVES_PRELOAD = fileURLToPath(new URL('./cognito-local-atomic-writes.mjs', import.meta.url));
/** The SDK, loaded while cognito-local boots rather than before it is spawned (docs/performance.md, "npm start"). */
const cognitoSdk = () => import('@aws-sdk/client-cognito-identity-provider');

export const cognitoLocalEndpoint = (port: number) => `http://${COGNITO_LOCAL_HOST}:${port}`;

/**
 * cognito-local keeps its state in `.cognito/` of its working directory, so it runs as a child
 * with cwd under DATA_DIR. Its config wires the pre-token-generation trigger to the local
 * Lambda endpoint, exactly as the user pool's trigger is wired on AWS. It listens on loopback only
 * and signs tokens with the data directory's own key (`signing-key.json`, made on first start).
 */
export async function startCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  const configDir = join(options.dir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const keyFile = join(options.dir, 'signing-key.json');
  const signingKey = ensureSigningKey(keyFile);
  const endpoint = cognitoLocalEndpoint(options.port);
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify(
      {
        LambdaClient: {
          endpoint: options.lambdaEndpoint,
          region: 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        TokenConfig: { IssuerDomain: options.issuerDomain ?? endpoint },
        TriggerFunctions: { PreTokenGeneration: options.preTokenGenerationFunction },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
        ServerConfig: { hostname: COGNITO_LOCAL_HOST, port: options.port },
      },
      null,
      2,
    ),
  );
  const entry = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');
  const child = spawn(process.execPath, ['--import', KEY_PRELOAD, '--import', SAVES_PRELOAD, entry], {
    cwd: options.dir,
    stdio: 'pipe',
    env: { ...process.env, PORT: String(options.port), HOST: COGNITO_LOCAL_HOST, COGNITO_LOCAL_SIGNING_KEY: keyFile },
  });
  const output = captureOutput(child);
  const failed = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`cognito-local exited with ${code}:\n${output()}`))),
  );
  failed.catch(() => undefined);
  const gaveUp = new AbortController();
  let client: CognitoIdentityProviderClient | undefined;
  let pool: PoolState;
  try {
    const sdk = await cognitoSdk();
    await Promise.race([
      waitUntil(
        'cognito-local',
        async () => {
          const response = await fetch(`${endpoint}/health`);
          if (!response.ok) throw new Error(String(response.status));
        },
        { signal: gaveUp.signal },
      ),
      failed,
    ]);
    await assertPublishesKey(endpoint, signingKey);
    client = new sdk.CognitoIdentityProviderClient({
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    pool = await ensurePool(sdk, client, join(options.dir, 'pool.json'));
  } catch (error) {
    gaveUp.abort();
    client?.destroy();
    await stopChild(child);
    throw error;
  }
  const { userPoolId, userPoolClientId } = pool;
  return {
    endpoint,
    userPoolId,
    userPoolClientId,
    issuer: `${options.issuerDomain ?? endpoint}/${userPoolId}`,
    stop: async () => {
      client?.destroy();
      await stopChild(child);
    },
  };
}

/**
 * The JWKS cognito-local serves (and the API verifies against) must hold the data directory's key
 * and nothing else; if a cognito-local update stopped reading its keys as the preload expects, the
 * runtime stops here rather than accept tokens signed with the package's published key.
 */
async function assertPublishesKey(endpoint: string, key: SigningKeyPair): Promise<void> {
  const response = await fetch(`${endpoint}/any-pool/.well-known/jwks.json`);
  const { keys } = (await response.json()) as { keys?: Array<{ n?: string }> };
  if (keys?.length !== 1 || keys[0]?.n !== key.public.jwk.n) {
    throw new Error('cognito-local does not sign with the data directory key (signing-key.json): see infra/local/cognito-local-keys.mjs');
  }
}

interface PoolState {
  userPoolId: string;
  userPoolClientId: string;
}

/** The pool and web client are created on first start and remembered in DATA_DIR. */
async function ensurePool(sdk: Awaited<ReturnType<typeof cognitoSdk>>, client: CognitoIdentityProviderClient, stateFile: string): Promise<PoolState> {
  const { CreateUserPoolClientCommand, CreateUserPoolCommand, DescribeUserPoolCommand } = sdk;
  if (existsSync(stateFile)) {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as PoolState;
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: state.userPoolId }));
      return state;
    } catch {
      // The pool is gone (state wiped by hand): create a new one below.
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: POOL_NAME,
      UsernameAttributes: ['email'],
      Policies: {
        PasswordPolicy: { MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true },
      },
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local created no user pool');
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'portal-web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const userPoolClientId = appClient.UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local created no app client');
  const state = { userPoolId, userPoolClientId };
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  return state;
}
