import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CenteredPage } from '../ui/centered-page.tsx';

/** Shown when the app cannot start (e.g. /config.json missing); there is no router yet. */
export function StartupError() {
  const { t } = useTranslation('app');
  return (
    <CenteredPage>
      <Flex direction="column" gap="medium" role="alert">
        <Heading level={1}>{t('errors.failedToInitialize')}</Heading>
        <Text>{t('errors.problemProcessing')}</Text>
        <Button variation="primary" onClick={() => window.location.reload()}>
          {t('errors.tryAgain')}
        </Button>
      </Flex>
    </CenteredPage>
  );
}
