import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { useDeveloperMode } from '../../../ui/developer-mode.tsx';
import { HelpTip } from '../../../ui/help-tip.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useGeneralSettings } from '../../../lib/organization-data/general-settings.ts';
import { LogoForm } from '../components/logo-form.tsx';
import { TimeZoneForm } from '../components/time-zone-form.tsx';

/**
 * The flags form is the page's one formik form: it loads while the settings are fetched, so the
 * page's first render does not wait for formik (issue 12).
 */
const loadFlagsForm = () => import('../components/feature-flags-form.tsx');
const FeatureFlagsForm = lazy(async () => ({ default: (await loadFlagsForm()).FeatureFlagsForm }));

/** /settings/general: superadmins only (spec 001 §6); the settings layout sends others to their first tab. */
export function GeneralSettingsRoute() {
  const { t } = useTranslation('settings');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const developerMode = useDeveloperMode();
  const { search } = useLocation();
  const settings = useGeneralSettings(organization.id);
  useEffect(() => void loadFlagsForm(), []);

  if (settings.isPending) return <PageLoader />;
  // Shown in the tab's panel, below the tabs (app/org-routes.tsx, panelErrors).
  if (settings.isError) throw settings.error;
  return (
    <Flex direction="column" gap="medium">
      <HelpTip title={t('help.title')}>
        <p>{t('help.flags')}</p>
        <p>{t('help.dashboards')}</p>
        <p>{t('help.landing')}</p>
      </HelpTip>
      <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap">
        <Text>{t('general.intro')}</Text>
        {developerMode ? (
          <ButtonLink variation="link" size="small" to={{ pathname: orgHref(orgPaths.settingsGeneralInspect), search }}>
            {t('general.inspect')}
          </ButtonLink>
        ) : null}
      </Flex>
      <LogoForm />
      <TimeZoneForm />
      <Suspense fallback={<PageLoader />}>
        <FeatureFlagsForm settings={settings.data} />
      </Suspense>
      <Outlet context={settings.data} />
    </Flex>
  );
}
