import { Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header.tsx';

/**
 * Spec 000 §2, §8: a feature that is not available, a route the role may not use, an API 403 on a
 * page (errors/classify-error.ts), or no feature at all.
 */
export function NoAccessPage() {
  const { t } = useTranslation('app');
  return (
    <Flex direction="column" gap="small">
      <PageHeader title={t('noAccess.title')} />
      <Text>{t('noAccess.text')}</Text>
    </Flex>
  );
}
