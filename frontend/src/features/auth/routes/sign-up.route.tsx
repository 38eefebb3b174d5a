import { Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths, type SignInState } from '../../../lib/paths.ts';
import { CenteredPage } from '../../../ui/centered-page.tsx';
import { LanguageSwitcher } from '../../../ui/language-switcher.tsx';
import { SignUpForm } from '../components/sign-up-form.tsx';

/** '/signup': a new organisation; success goes to /signin with a message (spec 001 §4). */
export function SignUpRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();

  function created() {
    const state: SignInState = { message: t('signUp.created') };
    void navigate(paths.signIn.href(), { state });
  }

  return (
    <CenteredPage footer={<LanguageSwitcher />}>
      <Heading level={1} marginBottom="large">
        {t('signUp.title')}
      </Heading>
      <SignUpForm onCreated={created} />
      <Flex justifyContent="center" gap="xs" marginTop="large">
        <Text as="span">{t('signUp.haveAccount')}</Text>
        <Link as={RouterLink} to={paths.signIn.href()}>
          {t('signUp.signIn')}
        </Link>
      </Flex>
    </CenteredPage>
  );
}
