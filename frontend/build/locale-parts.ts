import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** A namespace's own file (lib/i18n-resources.ts): the app's, an app part's (`app/server-errors`) or a feature's `locales/{lng}.json`. */
const NAMESPACE_FILE = /[\\/]src[\\/](?:app(?:[\\/]([^\\/]+))?|features[\\/]([^\\/]+))[\\/]locales[\\/]([\w-]+)\.json$/;

/** The key a feature's file gives its part of another namespace under: `"@app"`, `"@settings"`, `"@server-errors"`. */
const PART = '@';

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

/** The strings without the parts a feature's file gives other namespaces. */
const ownStrings = (strings: Strings): Strings => Object.fromEntries(Object.entries(strings).filter(([key]) => !key.startsWith(PART)));

/**
 * A feature's `locales/{lng}.json` holds, beside its own strings, its part of other namespaces
 * under `"@<namespace>"`: its sidebar label under `"@app"`, its flag's label under `"@settings"`,
 * its server messages under `"@server-errors"` (decisions 0075, 0084). Merged into that
 * namespace's file as it is loaded, and left out of the feature's own, so the feature declares all
 * its strings in its own two files, no shared file names it, and the app loads them as before: with
 * the namespace, in its chunk (the sidebar's labels with the app's first strings), with no loader
 * or byte more at run time. The test runner uses it too (vitest.config.ts), so the locale tests see
 * what the app loads.
 */
export function localeParts(src: string): Plugin {
  const partsOf = (namespace: string, language: string) =>
    readdirSync(join(src, 'features'))
      .map((feature) => join(src, 'features', feature, 'locales', `${language}.json`))
      .filter((file) => existsSync(file))
      .flatMap((file) => {
        const part = (JSON.parse(readFileSync(file, 'utf8')) as Strings)[`${PART}${namespace}`];
        if (part !== undefined && typeof part !== 'object') throw new Error(`${file}: ${PART}${namespace} must be an object of strings`);
        return part ? [{ file, part }] : [];
      });
  return {
    name: 'portal-locale-parts',
    // Before Vite's JSON plugin turns the file into a module.
    enforce: 'pre',
    transform(code, id) {
      const match = NAMESPACE_FILE.exec(id.split('?')[0]!);
      if (!match) return null;
      const own = JSON.parse(code) as Strings;
      const parts = partsOf(match[1] ?? match[2] ?? 'app', match[3]!);
      const isFeatureFile = match[2] !== undefined;
      if (!parts.length && !isFeatureFile) return null;
      for (const { file } of parts) this.addWatchFile(file);
      const strings = parts.reduce((all, { file, part }) => withPart(all, part, file), ownStrings(own));
      return { code: JSON.stringify(strings), map: null };
    },
  };
}
