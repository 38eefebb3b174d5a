import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { amplifyClassNames } from './build/amplify-class-names.ts';
import { amplifyThemeCss } from './build/amplify-theme-css.ts';
import { amplifyThemeTokens } from './build/amplify-theme-tokens.ts';
import { clientRouteTable } from './build/client-route-table.ts';
import { localeParts } from './build/locale-parts.ts';

/** The local runtime (`npm start`) serves the API and `/config.json`; dev mode forwards to it. */
const LOCAL_RUNTIME = 'http://localhost:3000';

/**
 * Records the NODE_ENV of the build beside it (dist/.build-info.json): React's development build
 * comes from any NODE_ENV but production, and infra/local/frontend-build.ts rebuilds such a dist.
 */
function buildInfo(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-build-info',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeFileSync(join(outDir, '.build-info.json'), `${JSON.stringify({ nodeEnv: process.env.NODE_ENV ?? 'production' })}\n`);
    },
  };
}

/** The app's, its parts' (`app/server-errors`) and features' `locales/{lng}.json` (the watch emulator has its own). */
const LOCALE_FILE = /src[\\/](?:app(?:[\\/]([^\\/]+))?|features[\\/]([^\\/]+))[\\/]locales[\\/]([\w-]+)\.json$/;

/** `locale-{namespace}-{language}` (infra/local/bundle-size.ts finds the strings a page loads by it). */
function localeChunk(id: string): string | null {
  const match = LOCALE_FILE.exec(id);
  return match ? `locale-${match[1] ?? match[2] ?? 'app'}-${match[3]}` : null;
}

/**
 * The app's English strings beside the entry (issue 30): the first render of every page waits for
 * them (German pages too, English being their fallback; lib/i18n.ts), and the entry asks for them
 * only once it runs. The tag is written at build, where the chunk's hashed name is known.
 */
function preloadFirstStrings(): Plugin {
  return {
    name: 'portal-preload-first-strings',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.name === FIRST_STRINGS);
        if (!chunk) throw new Error(`No ${FIRST_STRINGS} chunk to preload`);
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
const FIRST_STRINGS = 'locale-app-en';

/**
 * react-i18next takes `useSyncExternalStore` from `use-sync-external-store/shim`, a CommonJS module
 * that hands out React's own hook when React has one (React 18 and later) and a fallback for older
 * ones. With React 19 that is always React's hook: at build the import is React's, without the
 * shim's fallback and its CommonJS wrapper (0.2 kB gzip on every page).
 */
function syncExternalStoreFromReact(): Plugin {
  const id = '\0portal-use-sync-external-store';
  return {
    name: 'portal-use-sync-external-store',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'use-sync-external-store/shim' ? id : null),
    load: (loaded) => (loaded === id ? "export { useSyncExternalStore } from 'react';\n" : null),
  };
}

/**
 * TanStack Query in one chunk: the cache, the observers and the hooks a signed-in page needs were
 * spread over five chunks, most beside app modules, each paying gzip's start again (1.1 to 1.7 kB
 * on every organisation page). `useQueries` stays out: only the trigger card uses it.
 */
const tanstackQuery = (id: string) => /node_modules[\\/]@tanstack[\\/]/.test(id) && !/[\\/](useQueries|queriesObserver)\.js$/.test(id);

export default defineConfig({
  plugins: [react(), buildInfo(), syncExternalStoreFromReact(), amplifyClassNames(), amplifyThemeCss(resolve(import.meta.dirname, 'src')), amplifyThemeTokens(resolve(import.meta.dirname, 'src')), preloadFirstStrings(), clientRouteTable(), localeParts(resolve(import.meta.dirname, 'src'))],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph `npm run size` walks to sum each route's first load.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            // After React's: a group also takes in what its modules import unless an earlier group has it.
            { name: 'query', test: tanstackQuery },
            // No group for Amplify: one chunk would load its sign-in flows on every page.
            // One chunk per locale file: a page loads the strings of the language in use and of its
            // namespaces only (lib/i18n-resources.ts).
            { name: localeChunk, debugName: 'locales' },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': LOCAL_RUNTIME,
      '/config.json': LOCAL_RUNTIME,
      '/cognito': LOCAL_RUNTIME,
      // The watch emulator's MQTT over WebSocket.
      '/mqtt': { target: LOCAL_RUNTIME, ws: true },
    },
  },
});
