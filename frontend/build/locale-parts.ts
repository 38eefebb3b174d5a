import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** A namespace's own file (lib/i18n-resources.ts): the app's, an app part's (`app/server-errors`) or a feature's `locales/{lng}.json`. */
const NAMESPACE_FILE = /[\\/]src[\\/](?:app(?:[\\/]([^\\/]+))?|features[\\/]([^\\/]+))[\\/]locales[\\/]([\w-]+)\.json$/;

type Strings = { [key: string]: string | Strings };

/** `part` added to `strings`; a key both give is a mistake (two owners of one string), not an override. */
function withPart(strings: Strings, part: Strings, from: string, at = ''): Strings {
  const result: Strings = { ...strings };
  for (const [key, value] of Object.entries(part)) {
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else if (typeof existing === 'object' && typeof value === 'object') result[key] = withPart(existing, value, from, `${at}${key}.`);
    else throw new Error(`${from}: ${at}${key} is already given by the namespace or another feature`);
  }
  return result;
}

/**
 * A feature's `locales/{namespace}/{lng}.json` is its part of another namespace: its sidebar label
 * in 'app', its flag's label in 'settings', its server messages in 'server-errors' (decision 0075).
 * Merged into that namespace's file as it is loaded, so the feature declares its strings in its own
 * folder, no shared file names it, and the app loads them as before: with the namespace, in its
 * chunk (the sidebar's labels with the app's first strings), with no loader or byte more at run
 * time. The test runner uses it too (vitest.config.ts), so the locale tests see what the app loads.
 */
export function localeParts(src: string): Plugin {
  const partsOf = (namespace: string, language: string) =>
    readdirSync(join(src, 'features'))
      .map((feature) => join(src, 'features', feature, 'locales', namespace, `${language}.json`))
      .filter((file) => existsSync(file));
  return {
    name: 'portal-locale-parts',
    // Before Vite's JSON plugin turns the file into a module.
    enforce: 'pre',
    transform(code, id) {
      const match = NAMESPACE_FILE.exec(id.split('?')[0]!);
      if (!match) return null;
      const parts = partsOf(match[1] ?? match[2] ?? 'app', match[3]!);
      if (!parts.length) return null;
      for (const file of parts) this.addWatchFile(file);
      const strings = parts.reduce((all, file) => withPart(all, JSON.parse(readFileSync(file, 'utf8')) as Strings, file), JSON.parse(code) as Strings);
      return { code: JSON.stringify(strings), map: null };
    },
  };
}
