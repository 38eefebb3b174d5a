import { Flex, Heading, Link } from '@aws-amplify/ui-react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { CenteredPage } from '../../../ui/centered-page.tsx';
import { LanguageSwitcher } from '../../../ui/language-switcher.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { historyMessageOf } from '../utils/sign-in-messages.ts';

export function SignInRoute() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  return (
    <CenteredPage footer={<LanguageSwitcher />}>
      <Heading level={1} marginBottom="large">
        {t('title')}
      </Heading>
      <SignInForm notice={historyMessageOf(location.state)} />
      <Flex justifyContent="center" marginTop="large">
        <Link as={RouterLink} to={paths.signUp.href()}>
          {t('createOrganization')}
        </Link>
      </Flex>
    </CenteredPage>
  );
}
