import { useEffect } from 'react';
import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CHANGE_PASSWORD_REDIRECT_MS } from '@portal/shared/constants';
import { signOutUser } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { identityPortalTarget } from '../utils/identity-portal.ts';

/**
 * After the password change: a spinner, then the identity portal (spec 001 §4, 6 s). The local
 * session belongs to the old sign-in, so it is ended before leaving.
 */
export function IdentityPortalRedirect({ url }: { url: string }) {
  const { t } = useTranslation('auth');

  useEffect(() => {
    const target = identityPortalTarget(url, window.location.href, paths.signIn.href());
    const timer = window.setTimeout(() => {
      void signOutUser()
        .catch(() => undefined)
        .finally(() => {
          window.location.href = target;
        });
    }, CHANGE_PASSWORD_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [url]);

  return (
    <Flex role="status" direction="column" alignItems="center" gap="medium" padding="large">
      <Loader size="large" />
      <Text>{t('changePassword.redirecting')}</Text>
    </Flex>
  );
}
