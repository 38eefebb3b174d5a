import { Button, Flex, Heading, Link, Text, View } from '@aws-amplify/ui-react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { OrganizationSummary } from '@portal/shared/organizations/organizations.schema';
import { signOutUser } from '../../lib/auth.ts';
import { paths } from '../../lib/paths.ts';
import { LanguageSwitcher } from '../../ui/language-switcher.tsx';
import { Sidebar } from './sidebar.tsx';

interface AppShellProps {
  organization: OrganizationSummary;
  /** Offer the way back to the chooser only when there is something to choose. */
  canSwitch: boolean;
}

/** Placeholder shell: header with the organisation's name and sign-out, sidebar stub, main area. */
export function AppShell({ organization, canSwitch }: AppShellProps) {
  const { t } = useTranslation('app');
  return (
    <Flex direction="column" minHeight="100vh" gap="0">
      <Flex as="header" alignItems="center" justifyContent="space-between" padding="medium" wrap="wrap">
        <Heading level={1}>{organization.name}</Heading>
        <Flex alignItems="center" gap="medium">
          {canSwitch ? (
            <Link as={RouterLink} to={paths.home.href({ choose: true })}>
              {t('shell.switchOrganization')}
            </Link>
          ) : null}
          <LanguageSwitcher />
          <Button onClick={() => void signOutUser()}>{t('shell.signOut')}</Button>
        </Flex>
      </Flex>
      <Flex flex="1" gap="0">
        <Sidebar organization={organization} />
        <View as="main" flex="1" padding="large">
          <Text>{t('shell.placeholder')}</Text>
        </View>
      </Flex>
    </Flex>
  );
}
