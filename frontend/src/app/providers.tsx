import { useEffect, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@aws-amplify/ui-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { useAuthStatus } from '../lib/auth.ts';
import { i18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { ToastProvider } from '../ui/toasts.tsx';
import './app.css';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const status = useAuthStatus();

  // Data of one user must not show for the next one signing in on the same page.
  useEffect(() => {
    if (status === 'signedOut') queryClient.clear();
  }, [status, queryClient]);

  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>{children}</ToastProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
