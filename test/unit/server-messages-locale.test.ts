import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { INPUT_ERROR } from '@portal/shared/api/limits';
import { registeredServerMessages } from '@portal/shared/api/server-messages';
import de from '../../frontend/src/app/server-errors/locales/de.json';
import en from '../../frontend/src/app/server-errors/locales/en.json';

const ROOT = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(dir, file));
}

/** server-errors:<code> of a locale, following the code's dots. */
function translation(locale: unknown, code: string): unknown {
  return code.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), locale);
}

describe('server messages in both languages (server-errors:<code>, by stable code)', () => {
  // Every shared module that declares server messages, found by reading the sources, so a new
  // module's messages join this test without being listed here.
  const declaring = sources('shared/src').filter((file) => /\bserverMessages?\(/.test(readFileSync(join(ROOT, file), 'utf8')));
  let messages: [code: string, text: string][] = [];

  beforeAll(async () => {
    for (const file of declaring) await import(join(ROOT, file));
    // `invalid_input` is the code of a schema's own field message ('Name is required'): the forms
    // check the same schemas first and translate those messages by their validation maps.
    const inputErrors = Object.values(INPUT_ERROR).filter((input) => input.code !== INPUT_ERROR.invalid.code);
    messages = [...registeredServerMessages(), ...inputErrors.map((input) => [input.code, input.message] as [string, string])];
  });

  it('finds the message modules', () => {
    expect(declaring.map((file) => relative('shared/src', file))).toEqual(
      expect.arrayContaining(['tenancy/access-messages.ts', 'users/user.schema.ts', 'devices/device.schema.ts', 'notifications/notification.schema.ts']),
    );
    expect(messages.length).toBeGreaterThan(40);
  });

  it("has the server's exact English text and a German translation for every code", () => {
    for (const [code, text] of messages) {
      expect(translation(en, code), code).toBe(text);
      expect(translation(de, code), code).toEqual(expect.any(String));
      expect(translation(de, code), code).not.toBe(text);
    }
  });

  it('translates one English text the same way under every code that carries it', () => {
    const germanByText = new Map<string, unknown>();
    for (const [code, text] of messages) {
      if (!germanByText.has(text)) germanByText.set(text, translation(de, code));
      expect(translation(de, code), code).toBe(germanByText.get(text));
    }
  });

  it('throws only declared messages from services: no literal text in a domain error', () => {
    const literal = /new (?:NotFound|Conflict|Forbidden|Unavailable|InvalidInput)Error\(\s*['"`]/;
    const offenders = sources('functions/src').filter((file) => literal.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
