import { describe, expect, it } from 'vitest';
import type { ResourceLanguage } from 'i18next';
import { LANGUAGES } from '@portal/shared/constants';
import { signInSchema } from '@portal/shared/identity/sign-in.schema';
import { buildResources, loadNamespace, namespaces, resources } from './i18n-resources.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('buildResources', () => {
  it('names namespaces after the feature folder, and the app folder "app"', () => {
    const built = buildResources({
      '../app/locales/en.json': { title: 'T' },
      '../features/auth/locales/de.json': { email: 'E-Mail' },
    });
    expect(built).toEqual({ en: { app: { title: 'T' } }, de: { auth: { email: 'E-Mail' } } });
  });

  it('refuses a file outside the layout', () => {
    expect(() => buildResources({ '../lib/en.json': {} })).toThrow(/Unexpected/);
  });
});

describe('loadNamespace', () => {
  it('loads the one file of a language and namespace', async () => {
    const loaded: string[] = [];
    const loader = (path: string, content: ResourceLanguage) => async () => (loaded.push(path), content);
    const files = {
      '../app/locales/en.json': loader('../app/locales/en.json', { title: 'T' }),
      '../app/locales/de.json': loader('../app/locales/de.json', { title: 'Titel' }),
      '../features/auth/locales/de.json': loader('../features/auth/locales/de.json', { email: 'E-Mail' }),
    };
    expect(await loadNamespace('de', 'auth', files)).toEqual({ email: 'E-Mail' });
    expect(await loadNamespace('de', 'app', files)).toEqual({ title: 'Titel' });
    expect(loaded).toEqual(['../features/auth/locales/de.json', '../app/locales/de.json']);
    expect(await loadNamespace('fr', 'app', files)).toBeUndefined();
    expect(await loadNamespace('en', 'auth', files)).toBeUndefined();
  });

  it.each(LANGUAGES.flatMap((language) => namespaces.map((namespace) => [language, namespace] as const)))(
    'loads %s %s as bundled',
    async (language, namespace) => {
      expect(await loadNamespace(language, namespace)).toEqual(resources[language]?.[namespace]);
    },
  );
});

describe('bundled locales', () => {
  it('load the app and feature namespaces', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['app', 'auth', 'organizations']));
  });

  it("hold each feature's parts of shared namespaces in those namespaces, not in its own (decision 0084)", () => {
    for (const language of LANGUAGES) {
      const strings = resources[language]!;
      expect(Object.entries(strings).flatMap(([namespace, keys]) => Object.keys(keys).filter((key) => key.startsWith('@')).map((key) => `${namespace}:${key}`)), language).toEqual([]);
      expect((strings.app as { nav: Record<string, string> }).nav.tasks, language).toBeTruthy();
      expect((strings.settings as { features: Record<string, string> }).features.shift_planner, language).toBeTruthy();
      expect((strings['server-errors'] as Record<string, Record<string, string>>).tasks?.notFound, language).toBeTruthy();
    }
  });

  it.each(namespaces)('have the same keys in every language for %s', (namespace) => {
    const english = keysOf(resources.en?.[namespace]).sort();
    for (const language of LANGUAGES) {
      expect(keysOf(resources[language]?.[namespace]).sort(), language).toEqual(english);
    }
  });

  it('translate every sign-in validation message (the schema’s English text is the key)', () => {
    const messages = [{ email: 'nope', password: '' }, { email: '', password: '' }].flatMap((input) => {
      try {
        signInSchema.validateSync(input, { abortEarly: false });
        return [];
      } catch (error) {
        return (error as { errors: string[] }).errors;
      }
    });
    expect(messages).toEqual(expect.arrayContaining(['Invalid email address', 'Email is required', 'Password is required']));
    for (const language of LANGUAGES) {
      const validation = (resources[language]?.app as { validation: Record<string, string> }).validation;
      for (const message of messages) expect(Object.keys(validation), language).toContain(message);
    }
  });
});
