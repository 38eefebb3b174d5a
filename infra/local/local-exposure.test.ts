import { describe, expect, it } from 'vitest';
import { accountDigest, browserTarget } from './cognito-proxy.ts';
import { loopbackLauncherClass } from './dynamodb-loopback.ts';
import { hostHeaderCheck } from './portal.server.ts';

describe('the /cognito/ allow-list', () => {
  it('lets through only the calls the SPA makes', () => {
    const target = (operation: string) => `AWSCognitoIdentityProviderService.${operation}`;
    expect(browserTarget(target('InitiateAuth'))).toBe('InitiateAuth');
    expect(browserTarget(target('GetTokensFromRefreshToken'))).toBe('GetTokensFromRefreshToken');
    expect(browserTarget(target('RevokeToken'))).toBe('RevokeToken');
    for (const operation of ['ListUsers', 'AdminSetUserPassword', 'AdminCreateUser', 'AdminInitiateAuth', 'SignUp', 'UpdateUserPool', 'GetUser']) {
      expect(browserTarget(target(operation)), operation).toBeUndefined();
    }
    expect(browserTarget('Other.InitiateAuth')).toBeUndefined();
    expect(browserTarget([target('InitiateAuth'), target('InitiateAuth')])).toBeUndefined();
    expect(browserTarget(undefined)).toBeUndefined();
  });

  it('names an account in the log by a short digest of its normalised email', () => {
    expect(accountDigest(' Admin@Demo.Local ')).toBe(accountDigest('admin@demo.local'));
    expect(accountDigest('admin@demo.local')).toMatch(/^[0-9a-f]{12}$/);
    expect(accountDigest('admin@demo.local')).not.toBe(accountDigest('other@demo.local'));
  });
});

describe('the Host header check', () => {
  it('accepts only loopback names while bound to loopback', () => {
    const allowed = hostHeaderCheck('127.0.0.1');
    for (const host of ['localhost:3000', 'localhost', '127.0.0.1:3000', '[::1]:3000', 'portal.localhost:3000']) expect(allowed(host), host).toBe(true);
    for (const host of ['attacker.example:3000', 'localhost.attacker.example', '192.0.2.1:3000', undefined]) expect(allowed(host), String(host)).toBe(false);
  });

  it('accepts every name when the portal is meant to be reached (HOST)', () => {
    expect(hostHeaderCheck('0.0.0.0')('portal.example:3000')).toBe(true);
  });
});

describe('the DynamoDB Local loopback launcher', () => {
  it('is a class file that names the launcher and binds to 127.0.0.1', () => {
    const bytes = loopbackLauncherClass();
    expect(bytes.readUInt32BE(0)).toBe(0xcafebabe);
    expect(bytes.readUInt16BE(6)).toBe(52);
    const text = bytes.toString('latin1');
    for (const constant of ['LoopbackDynamoDbLocal', 'createServerFromCommandLineArgs', 'setHost', '127.0.0.1']) expect(text).toContain(constant);
  });
});
