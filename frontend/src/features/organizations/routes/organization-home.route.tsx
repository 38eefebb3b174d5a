import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logOut } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { CenteredPage } from '../../../ui/centered-page.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useOrganizations } from '../api/get-organizations.ts';
import { OrganizationChooser } from '../components/organization-chooser.tsx';
import { chooseOrganization } from '../utils/choose-organization.ts';
import { lastOrganization } from '../utils/last-organization.ts';

/** '/' after sign-in: picks the organisation whose screens to open (spec 001 §1). */
export function OrganizationHomeRoute() {
  const { t } = useTranslation('organizations');
  const [search] = useSearchParams();
  const organizations = useOrganizations();

  if (organizations.isPending) return <PageLoader />;
  // The route's error boundary shows the generic error page.
  if (organizations.isError) throw organizations.error;

  const choice = chooseOrganization(organizations.data, lastOrganization(), search.has('choose'));
  if (choice.kind === 'open') return <Navigate to={paths.organization.href(choice.orgId)} replace />;

  const signOut = (
    <Button variation="link" onClick={() => void logOut()}>
      {t('signOut')}
    </Button>
  );
  return (
    <CenteredPage footer={signOut}>
      {choice.kind === 'none' ? (
        <Flex direction="column">
          <Alert variation="info" role="status">
            {t('none')}
          </Alert>
        </Flex>
      ) : (
        <OrganizationChooser organizations={choice.organizations} />
      )}
    </CenteredPage>
  );
}
