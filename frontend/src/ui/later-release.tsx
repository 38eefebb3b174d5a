import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.tsx';
import { ClockIcon } from './icons.tsx';
import { PageHeader } from './page-header.tsx';

/** A module whose screens arrive in a later issue: its title and an honest one-liner. */
export function LaterRelease({ title, showTitle = true }: { title: string; showTitle?: boolean }) {
  const { t } = useTranslation('app');
  return (
    <div>
      {showTitle ? <PageHeader title={title} /> : null}
      <EmptyState icon={<ClockIcon />} title={t('ui.laterRelease')} help={t('ui.laterReleaseHelp')} />
    </div>
  );
}
