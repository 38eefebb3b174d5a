import { Card, Flex, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AREAS, mayUseArea } from '@portal/shared/tenancy/areas';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { accessLevelsQueryOptions } from '../api/access-levels.ts';
import { useFilterParam } from '../hooks/use-search-filter.ts';
import { matchesFilter } from '../utils/users-filter.ts';

/**
 * /users/access-levels: the read-only catalogue (decision 0006), names and permissions translated.
 * The areas listed are the role rule the sidebar and the route guards read (tenancy/areas.ts).
 */
export function AccessLevelsRoute() {
  const { t } = useTranslation('users');
  const { organization } = useOrganizationContext();
  const filter = useFilterParam();
  const levels = useQuery(accessLevelsQueryOptions(organization.id));

  if (levels.isPending) return <PageLoader />;
  if (levels.isError) throw levels.error;
  const shown = levels.data.filter((level) => matchesFilter([t(`accessLevels.${level.id}.name`)], filter));
  return (
    <Flex direction="column" gap="medium">
      <Text>{t('accessLevels.intro')}</Text>
      {shown.length === 0 ? <Text>{t('list.noMatches', { filter })}</Text> : null}
      <ul className="access-levels" aria-label={t('tabs.access-levels')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {shown.map((level) => (
          <li key={level.id}>
            <Card variation="outlined" className="access-level">
              <h3 className="access-level__title">{t(`accessLevels.${level.id}.name`)}</h3>
              <Text variation="secondary">{t(`accessLevels.${level.id}.description`)}</Text>
              <Text as="h4" fontWeight="bold" marginTop="small">
                {t('accessLevels.permissions')}
              </Text>
              <ul aria-label={t('accessLevels.permissionsOf', { name: t(`accessLevels.${level.id}.name`) })}>
                {level.permissions.map((permission) => (
                  <li key={permission}>{t(`permissions.${permission}`)}</li>
                ))}
              </ul>
              <Text as="h4" fontWeight="bold" marginTop="small">
                {t('accessLevels.features')}
              </Text>
              <Text>
                {AREAS.filter((area) => mayUseArea([level.role], area))
                  .map((area) => t(`features.${area}`))
                  .join(', ')}
              </Text>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
