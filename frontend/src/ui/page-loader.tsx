import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';

/** Full-page loading state with a text for screen readers and slow connections. */
export function PageLoader() {
  const { t } = useTranslation('app');
  return (
    <Flex role="status" direction="column" alignItems="center" justifyContent="center" minHeight="50vh">
      <Loader size="large" />
      <Text>{t('loading')}</Text>
    </Flex>
  );
}
