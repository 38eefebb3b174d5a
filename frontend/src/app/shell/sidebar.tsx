import { Flex, Link, Text, View } from '@aws-amplify/ui-react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { OrganizationSummary } from '@portal/shared/organizations/organizations.schema';
import { useFeatureSettings } from '../../features/organizations/api/get-feature-settings.ts';
import { paths } from '../../lib/paths.ts';
import { sidebarEntries } from './sidebar-entries.ts';

/** Stub of the sidebar: feature links per the organisation's flags; the pages come later. */
export function Sidebar({ organization }: { organization: OrganizationSummary }) {
  const { t } = useTranslation('app');
  const settings = useFeatureSettings(organization.id);
  // Until the flags load (or if they fail) the sidebar stays empty rather than guessing.
  const entries = settings.data ? sidebarEntries(settings.data, organization.roles) : [];
  return (
    <View as="nav" aria-label={t('shell.navigation')} padding="medium" minWidth="12rem">
      <Flex as="ul" direction="column" gap="small" padding="0" margin="0" style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <li key={entry.key}>
            {entry.enabled ? (
              <Link as={NavLink} to={paths.organization.href(organization.id, entry.route)}>
                {t(`nav.${entry.key}`)}
              </Link>
            ) : (
              <Text as="span" variation="tertiary" aria-disabled="true">
                {t(`nav.${entry.key}`)}
              </Text>
            )}
          </li>
        ))}
      </Flex>
    </View>
  );
}
