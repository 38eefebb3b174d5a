import { Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { isFeatureAvailable } from '@portal/shared/tenancy/landing-route';
import { accessInputOf, useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useAutomationSettings } from '../../../lib/organization-data/automation-settings.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { AutomationSettingsForm } from '../components/automation-settings-form.tsx';

/** /settings/automation: throttle defaults and trigger menus; while the automation feature is off there is nothing to set. */
export function AutomationSettingsRoute() {
  const { t } = useTranslation('settings');
  const context = useOrganizationContext();
  if (!isFeatureAvailable('automation', accessInputOf(context))) return <Text>{t('automation.featureOff')}</Text>;
  return <AutomationSettingsPage orgId={context.organization.id} />;
}

function AutomationSettingsPage({ orgId }: { orgId: string }) {
  const settings = useAutomationSettings(orgId);
  if (settings.isPending) return <PageLoader />;
  // The shell's error boundary shows the error page.
  if (settings.isError) throw settings.error;
  return <AutomationSettingsForm settings={settings.data} />;
}
