import { Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header.tsx';

/** A module whose screens arrive in a later issue: its title and an honest one-liner. */
export function LaterRelease({ title, showTitle = true }: { title: string; showTitle?: boolean }) {
  const { t } = useTranslation('app');
  return (
    <div>
      {showTitle ? <PageHeader title={title} /> : null}
      <Text>{t('ui.laterRelease')}</Text>
    </div>
  );
}
