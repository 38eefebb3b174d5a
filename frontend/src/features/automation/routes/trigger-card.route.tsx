import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { fillRoute, orgPaths } from '../../../lib/paths.ts';
import { OverlayItem, useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import { automationSettingsQueryOptions } from '../api/automation-settings.ts';
import { triggerQueryOptions } from '../api/triggers.ts';
import { TriggerForm } from '../components/trigger-form.tsx';

/** History state from the create card to the edit card: the new trigger's secret, read once. */
interface SecretState {
  secret?: string;
}

const secretOf = (state: unknown): string | undefined =>
  state && typeof state === 'object' && typeof (state as SecretState).secret === 'string' ? (state as SecretState).secret : undefined;

/**
 * /automation/triggers/create: starts with the organisation's throttle defaults. An external
 * trigger's card goes on to its edit card, which shows the new secret once; others close.
 */
export function TriggerCreateRoute() {
  const { t } = useTranslation('automation');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const navigate = useNavigate();
  const { search } = useLocation();
  const close = useCloseOverlay(orgPaths.automationTriggers);
  const closeSoon = useCloseAfterSubmit(close);
  const settings = useQuery(automationSettingsQueryOptions(organization.id));
  return (
    <OverlayItem query={settings} listRoute={orgPaths.automationTriggers} title={t('triggers.addTitle')} onClose={close} loadingLabel={t('list.loading')}>
      {(defaults) => (
        <TriggerForm
          orgId={organization.id}
          defaults={defaults}
          onClose={close}
          onSaved={(saved) => {
            if (!saved.secret) return closeSoon();
            const state: SecretState = { secret: saved.secret };
            void navigate({ pathname: orgHref(fillRoute(orgPaths.automationTriggerEdit, { triggerId: saved.id })), search }, { replace: true, state });
          }}
        />
      )}
    </OverlayItem>
  );
}

/** /automation/triggers/edit/{id}: the form, its webhook and its firings; an unknown trigger goes back to the list. */
export function TriggerEditRoute() {
  const { t } = useTranslation('automation');
  const { organization } = useOrganizationContext();
  const { triggerId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const close = useCloseOverlay(orgPaths.automationTriggers);
  const closeSoon = useCloseAfterSubmit(close);
  const trigger = useQuery(triggerQueryOptions(organization.id, triggerId));
  // Shown once: kept in this card only; the history entry forgets it, so back, forward or a reload never show it again.
  const [secret, setSecret] = useState(() => secretOf(location.state));
  useEffect(() => {
    if (secretOf(location.state)) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location, navigate]);

  return (
    <OverlayItem query={trigger} listRoute={orgPaths.automationTriggers} title={t('triggers.editTitle')} onClose={close} loadingLabel={t('list.loading')}>
      {(found) => (
        <TriggerForm
          key={found.id}
          orgId={organization.id}
          trigger={found}
          defaults={{ throttle_enabled: found.is_throttling_enabled, throttle_threshold: found.throttle_duration_in_seconds }}
          secret={secret}
          onSecret={setSecret}
          onClose={close}
          onSaved={(saved) => {
            // A save that made the trigger external stays open on its new secret.
            if (saved.secret) setSecret(saved.secret);
            else closeSoon();
          }}
        />
      )}
    </OverlayItem>
  );
}
