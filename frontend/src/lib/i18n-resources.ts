import type { Resource, ResourceLanguage } from 'i18next';

/**
 * Each feature's `locales/{lng}.json` is the namespace named after the feature; the app's is 'app';
 * an app part's (`app/server-errors/locales`) is named after its folder. A feature's part of another
 * namespace (under `"@<namespace>"` in its own file) is merged into that namespace's file as it is
 * loaded and left out of the feature's (frontend/build/locale-parts.ts), so it is no namespace here.
 */
const LOCALE_PATH = /(?:\/features\/([^/]+)|\/app(?:\/([^/]+))?)\/locales\/([^/]+)\.json$/;

function parseLocalePath(path: string): { namespace: string; language: string } {
  const match = LOCALE_PATH.exec(path);
  if (!match) throw new Error(`Unexpected locale file ${path}`);
  return { namespace: match[1] ?? match[2] ?? 'app', language: match[3] as string };
}

export function buildResources(modules: Record<string, ResourceLanguage>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const { namespace, language } = parseLocalePath(path);
    resources[language] = { ...resources[language], [namespace]: content };
  }
  return resources;
}

/**
 * Found at build time, so adding a feature's locale files is all it takes to load them. Loaded
 * per language and namespace on demand: the first render waits for the app's strings and the
 * route's feature's, in the active language only (frontend/vite.config.ts makes each file a chunk).
 */
const loaders = import.meta.glob<ResourceLanguage>(['../app/locales/*.json', '../app/*/locales/*.json', '../features/*/locales/*.json'], { import: 'default' });

export const namespaces = [...new Set(Object.keys(loaders).map((path) => parseLocalePath(path).namespace))];

/** One namespace of one language; undefined when there is no such file. */
export async function loadNamespace(
  language: string,
  namespace: string,
  from: Record<string, () => Promise<ResourceLanguage>> = loaders,
): Promise<ResourceLanguage | undefined> {
  const path = Object.keys(from).find((candidate) => {
    const parsed = parseLocalePath(candidate);
    return parsed.language === language && parsed.namespace === namespace;
  });
  return path ? from[path]!() : undefined;
}

/**
 * Every language at once, for the locale tests. Pure, so the app's bundle, which never reads it,
 * drops it and its static imports (the size report would show them).
 */
export const resources: Resource = /* @__PURE__ */ buildResources(
  import.meta.glob<ResourceLanguage>(['../app/locales/*.json', '../app/*/locales/*.json', '../features/*/locales/*.json'], { eager: true, import: 'default' }),
);
