import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';
import { PageLoader } from '../ui/page-loader.tsx';
import { KioskForm } from './kiosk-form.tsx';
import { registerKioskLocales } from './kiosk-i18n.ts';
import type { KioskCredentials } from './kiosk-config.ts';
import { emulatorBroker } from '../watch/broker.ts';
import './kiosk.css';

registerKioskLocales();

/** The screen and its MQTT client load on Connect: the form's first render does not carry the client (npm run size). */
const KioskScreen = lazy(async () => ({ default: (await import('./kiosk-screen.tsx')).KioskScreen }));

/**
 * /kiosk: a kiosk tablet in the browser (decision 0043). It is a device, not a person: it connects
 * with the tablet's own credentials, so it needs no sign-in, and shows the buttons of the trigger
 * group the tablet is mapped to; a press fires that trigger as the tablet's button would.
 */
export function KioskRoute() {
  const { t } = useTranslation('kiosk');
  const [credentials, setCredentials] = useState<KioskCredentials>();
  const { url, topicRoot } = emulatorBroker();

  return (
    <main className="kiosk-page">
      <header className="kiosk-page__header">
        <h1 className="kiosk-page__title">{t('title')}</h1>
        <LanguageSwitcher />
      </header>
      {!url ? (
        <p role="alert">{t('notConfigured')}</p>
      ) : credentials ? (
        <Suspense fallback={<PageLoader />}>
          <KioskScreen url={url} topicRoot={topicRoot} credentials={credentials} onDisconnect={() => setCredentials(undefined)} />
        </Suspense>
      ) : (
        <>
          <p className="kiosk-page__help">{t('help')}</p>
          <KioskForm onConnect={setCredentials} />
        </>
      )}
    </main>
  );
}
