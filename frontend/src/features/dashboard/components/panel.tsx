import { useId, type ReactNode } from 'react';
import { Alert, Button, Loader } from '@aws-amplify/ui-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';

/** One panel of the dashboard: a titled region (h3 under the page's h2). */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="dashboard-panel" aria-labelledby={id}>
      <h3 id={id} className="dashboard-panel__title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * A live panel's data: a loader first, a retry when the first load failed, then the data. A poll
 * that fails later keeps the last answer on screen and says since when (a wall display must not
 * look current when it is not); the next successful poll removes the note.
 */
export function PanelData<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('dashboard');
  const clock = useOrganizationClock();
  if (query.data === undefined) {
    if (query.isError) {
      return (
        <Alert variation="error" role="alert">
          {t('panel.failed')}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            {t('panel.retry')}
          </Button>
        </Alert>
      );
    }
    return <Loader aria-label={t('panel.loading')} />;
  }
  return (
    <>
      {query.isRefetchError ? (
        <p className="dashboard-panel__stale" role="status">
          {t('panel.stale', { time: clock.time(query.dataUpdatedAt) })}
        </p>
      ) : null}
      {children(query.data)}
    </>
  );
}
