import { useEffect } from 'react';
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths.ts';
import { CenteredPage } from '../ui/centered-page.tsx';

/**
 * 'Failed to initialize the application' (spec 001 §8): the configuration did not load, so there is
 * no router yet. Local storage is cleared and the address becomes /signin; trying again reloads there.
 */
export function StartupError() {
  const { t } = useTranslation('app');
  useEffect(() => {
    try {
      localStorage.clear();
    } catch {
      // Nothing stored, or storage blocked.
    }
    if (window.location.pathname !== paths.signIn.path) window.history.replaceState(null, '', paths.signIn.href());
  }, []);
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
