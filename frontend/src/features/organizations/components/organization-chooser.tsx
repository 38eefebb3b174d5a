import { Button, Flex, Heading } from '@aws-amplify/ui-react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { OrganizationSummary } from '@portal/shared/organizations/organizations.schema';
import { paths } from '../../../lib/paths.ts';
import { rememberOrganization } from '../utils/last-organization.ts';

export function OrganizationChooser({ organizations }: { organizations: readonly OrganizationSummary[] }) {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>{t('choose.title')}</Heading>
      <Flex as="ul" direction="column" gap="small" padding="0" margin="0" style={{ listStyle: 'none' }}>
        {organizations.map((organization) => (
          <li key={organization.id}>
            <Button
              isFullWidth
              onClick={() => {
                rememberOrganization(organization.id);
                void navigate(paths.organization.href(organization.id));
              }}
            >
              {organization.name}
            </Button>
          </li>
        ))}
      </Flex>
    </Flex>
  );
}
