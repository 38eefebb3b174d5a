import { Flex, Text } from '@aws-amplify/ui-react';
import { Outlet, useLocation } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { useOrgHref } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { SUPPORT_EMAIL, supportMailto } from '../../../lib/support.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';

/** /help/contact-us: how to reach support; "Write to support" opens the form in a side card. */
export function ContactUsRoute() {
  const { t } = useTranslation('help');
  const orgHref = useOrgHref();
  const { search } = useLocation();
  return (
    <Flex direction="column" gap="medium" maxWidth="40rem">
      <Text>{t('contactUs.intro')}</Text>
      <Text>
        {/* Not <link>: i18next parses that as the void HTML element and drops the address out of the link. */}
        <Trans t={t} i18nKey="contactUs.email" values={{ email: SUPPORT_EMAIL }} components={{ mail: <a href={supportMailto()} /> }} />
      </Text>
      <Text>{t('contactUs.unlock')}</Text>
      <div>
        <ButtonLink variation="primary" to={{ pathname: orgHref(orgPaths.helpContactUsCreate), search }}>
          {t('contactUs.write')}
        </ButtonLink>
      </div>
      <Outlet />
    </Flex>
  );
}
