import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalCipher, ensureKeyFile } from './local-key.adapter.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0t3Bb7kD+2s=';
const CONTEXT = { orgId: 'org-1', triggerId: 'trg-1' };

describe('local secret cipher (AES-256-GCM, the context as AAD)', () => {
  const cipher = createLocalCipher(randomBytes(32));

  it('opens what it sealed with the same context, in any order of its entries', async () => {
    const sealed = await cipher.encrypt(SECRET, CONTEXT);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9+/]+=*$/);
    expect(sealed).not.toContain(SECRET.slice(6, 20));
    expect(await cipher.decrypt(sealed, CONTEXT)).toBe(SECRET);
    expect(await cipher.decrypt(sealed, { triggerId: 'trg-1', orgId: 'org-1' })).toBe(SECRET);
  });

  it('seals the same secret differently each time (a fresh IV)', async () => {
    expect(await cipher.encrypt(SECRET, CONTEXT)).not.toBe(await cipher.encrypt(SECRET, CONTEXT));
  });

  it('refuses another context: a ciphertext moved to another row does not open there', async () => {
    const sealed = await cipher.encrypt(SECRET, CONTEXT);
    await expect(cipher.decrypt(sealed, { orgId: 'org-1', triggerId: 'trg-2' })).rejects.toThrow();
    await expect(cipher.decrypt(sealed, { orgId: 'org-2', triggerId: 'trg-1' })).rejects.toThrow();
    await expect(cipher.decrypt(sealed, { orgId: 'org-1' })).rejects.toThrow();
    await expect(cipher.decrypt(sealed, { ...CONTEXT, extra: 'x' })).rejects.toThrow();
  });

  it('refuses another key, a damaged ciphertext and text that is no ciphertext', async () => {
    const sealed = await cipher.encrypt(SECRET, CONTEXT);
    await expect(createLocalCipher(randomBytes(32)).decrypt(sealed, CONTEXT)).rejects.toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    await expect(cipher.decrypt(`v1.${bytes.toString('base64')}`, CONTEXT)).rejects.toThrow();
    await expect(cipher.decrypt(SECRET, CONTEXT)).rejects.toThrow('Not a ciphertext');
  });

  describe('the key file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secret-key-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('is written once, readable by the owner only, and read back the same', () => {
      const file = join(dir, 'secrets.key');
      const key = ensureKeyFile(file);
      expect(key).toHaveLength(32);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(ensureKeyFile(file).equals(key)).toBe(true);
      expect(Buffer.from(readFileSync(file, 'utf8'), 'base64').equals(key)).toBe(true);
    });
  });
});
