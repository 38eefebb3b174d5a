import { useEffect } from 'react';
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { SignInForm } from '../features/auth/components/sign-in-form.tsx';
import { retryConfiguration, useAuthStatus } from '../lib/auth.ts';
import { paths } from '../lib/paths.ts';
import { CenteredPage } from '../ui/centered-page.tsx';

/**
 * 'Failed to initialize the application' (spec 001 §8): the configuration did not load, so there is
 * no router yet. Local storage is cleared and the address becomes /signin, whose form shows at once
 * under the message. The configuration is asked for once more meanwhile (a passing network fault),
 * and sign-in waits for it; once signed in, the whole application starts. Trying again reloads.
 */
export function StartupError() {
  const { t } = useTranslation('app');
  const status = useAuthStatus();
  useEffect(() => {
    try {
      localStorage.clear();
    } catch {
      // Nothing stored, or storage blocked.
    }
    if (window.location.pathname !== paths.signIn.path) window.history.replaceState(null, '', paths.signIn.href());
    // Asked for now, so that sign-in finds it; a form sent earlier waits for it (lib/auth.ts).
    retryConfiguration().catch((error: unknown) => console.error(error));
  }, []);
  useEffect(() => {
    if (status === 'signedIn') window.location.replace(paths.home.href());
  }, [status]);
  return (
    <CenteredPage>
      <Flex direction="column" gap="large">
        <Flex direction="column" gap="medium" role="alert">
          <Heading level={1}>{t('errors.failedToInitialize')}</Heading>
          <Text>{t('errors.problemProcessing')}</Text>
          <Button variation="primary" onClick={() => window.location.reload()} alignSelf="flex-start">
            {t('errors.tryAgain')}
          </Button>
        </Flex>
        <SignInForm />
      </Flex>
    </CenteredPage>
  );
}
