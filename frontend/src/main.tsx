import '@aws-amplify/ui-react/styles/reset.css';
import '@aws-amplify/ui-react/styles/base.css';
import '@aws-amplify/ui-react/styles/button.css';
import './ui/amplify-ui.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { configureAmplify, startAuthStatus } from './lib/auth.ts';
import { loadConfig } from './lib/config.ts';
import { startErrorReporting } from './lib/error-reporter.ts';
import { initI18n, loadStrings, SERVER_ERRORS_NAMESPACE } from './lib/i18n.ts';

/** Spec 001 §2: service workers are unregistered on load, so no stale cached app survives a deploy. */
async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}

async function start(): Promise<void> {
  unregisterServiceWorkers().catch((error: unknown) => console.warn('Service worker cleanup failed', error));
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // The configuration (preloaded by index.html) and the strings at once: neither waits for the
  // other's round trip. The session starts as soon as the configuration is in, not after the
  // strings: the routes' loaders ask for /api/me once it has (issue 30).
  const configured = loadConfig().then((config) => {
    configureAmplify(config);
    startAuthStatus();
  });
  configured.catch(() => undefined);
  await initI18n();
  try {
    await configured;
  } catch (error) {
    console.error(error);
    // Its own chunk: it brings the sign-in form, which a normal start loads only on /signin.
    const [{ StartupError }] = await Promise.all([import('./app/startup-error.tsx'), loadStrings('auth')]);
    root.render(
      <AppProviders>
        <StartupError />
      </AppProviders>,
    );
    return;
  }
  startErrorReporting();
  root.render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
  // The server messages' translations after the first render: no page needs them to paint.
  setTimeout(() => void loadStrings(SERVER_ERRORS_NAMESPACE).catch(() => undefined), 0);
}

void start();
