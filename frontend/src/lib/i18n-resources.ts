import type { Resource, ResourceLanguage } from 'i18next';

/** Each feature's `locales/{lng}.json` is the namespace named after the feature; the app's is 'app'. */
const LOCALE_PATH = /(?:\/features\/([^/]+)|\/app)\/locales\/([^/]+)\.json$/;

export function buildResources(modules: Record<string, ResourceLanguage>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = LOCALE_PATH.exec(path);
    if (!match) throw new Error(`Unexpected locale file ${path}`);
    const namespace = match[1] ?? 'app';
    const language = match[2] as string;
    resources[language] = { ...resources[language], [namespace]: content };
  }
  return resources;
}

/** Bundled at build time, so adding a feature's locale files is all it takes to load them. */
const modules = import.meta.glob<ResourceLanguage>(['../app/locales/*.json', '../features/*/locales/*.json'], {
  eager: true,
  import: 'default',
});

export const resources = buildResources(modules);
export const namespaces = [...new Set(Object.values(resources).flatMap((byNs) => Object.keys(byNs)))];
