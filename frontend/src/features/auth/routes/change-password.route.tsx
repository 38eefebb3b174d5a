import { useState } from 'react';
import { Button, Heading, Text } from '@aws-amplify/ui-react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logOut } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { CenteredPage } from '../../../ui/centered-page.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useMe } from '../api/get-me.ts';
import { ChangePasswordFormView } from '../components/change-password-form.tsx';
import { IdentityPortalRedirect } from '../components/identity-portal-redirect.tsx';

/**
 * The forced password change of a user pending the identity-provider migration (spec 001 §2);
 * the shell renders it instead of the app while `me.isPendingEntraIdMigration` is true.
 */
export function ChangePasswordRoute() {
  const { t } = useTranslation('auth');
  const me = useMe();
  const [portalUrl, setPortalUrl] = useState<string>();

  if (me.isPending) return <PageLoader />;
  // The route's error boundary shows the generic error page (with sign out).
  if (me.isError) throw me.error;
  // Nothing to change (e.g. /change-password opened directly); a finished change stays to redirect.
  if (!me.data.isPendingEntraIdMigration && portalUrl === undefined) return <Navigate to={paths.home.href()} replace />;

  const signOut = (
    <Button variation="link" onClick={() => void logOut()}>
      {t('changePassword.signOut')}
    </Button>
  );
  return (
    <CenteredPage footer={portalUrl === undefined ? signOut : undefined}>
      <Heading level={1} marginBottom="small">
        {t('changePassword.title')}
      </Heading>
      {portalUrl === undefined ? (
        <>
          <Text marginBottom="large">{t('changePassword.intro')}</Text>
          <ChangePasswordFormView userId={me.data.userId} onChanged={setPortalUrl} />
        </>
      ) : (
        <IdentityPortalRedirect url={portalUrl} />
      )}
    </CenteredPage>
  );
}
