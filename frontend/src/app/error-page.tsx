import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Navigate, useNavigate, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signOutUser, useAuthStatus } from '../lib/auth.ts';
import { paths } from '../lib/paths.ts';
import { CenteredPage } from '../ui/centered-page.tsx';

/** Route error boundary (spec 000 §8 wording); error pages offer sign out (spec 001 §2). */
export function ErrorPage() {
  const { t } = useTranslation('app');
  const error = useRouteError();
  const status = useAuthStatus();
  const navigate = useNavigate();

  // A 401 ends the session; its error lands here, but the user belongs on the sign-in page.
  if (status === 'signedOut') return <Navigate to={paths.signIn.href()} replace />;

  console.error(error);
  return (
    <CenteredPage>
      <Flex direction="column" gap="medium" role="alert">
        <Heading level={1}>{t('errors.somethingWentWrong')}</Heading>
        <Text>{t('errors.problemProcessing')}</Text>
        <Flex gap="small">
          <Button variation="primary" onClick={() => window.location.reload()}>
            {t('errors.tryAgain')}
          </Button>
          <Button
            onClick={() => {
              void signOutUser().then(() => navigate(paths.signIn.href(), { replace: true }));
            }}
          >
            {t('shell.signOut')}
          </Button>
        </Flex>
      </Flex>
    </CenteredPage>
  );
}
