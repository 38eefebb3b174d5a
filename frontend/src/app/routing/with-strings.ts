import type { RouteObject } from 'react-router-dom';
import { loadStrings } from '../../lib/i18n.ts';

/**
 * A feature's routes whose lazy loaders also load the feature's strings (its i18n namespace), in
 * parallel with the page's chunk: a page renders with its text, and a page loads only its
 * feature's strings (issue 12).
 */
export function withStrings<R extends RouteObject>(namespace: string, route: R): R {
  const { lazy, children } = route;
  return {
    ...route,
    ...(typeof lazy === 'function' ? { lazy: async () => (await Promise.all([lazy(), loadStrings(namespace)]))[0] } : {}),
    ...(children ? { children: children.map((child) => withStrings(namespace, child)) } : {}),
  };
}
