import type { ReactNode } from 'react';
import { ThemeProvider } from '@aws-amplify/ui-react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { ToastProvider } from '../ui/toasts.tsx';
import './app.css';

/** The API data cache is not here: routes that fetch get it from app/routing/query-client-layout.tsx. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
