import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActionDto, ActionSettings, ActionTemplateDto } from '@portal/shared/actions/action.schema';
import { actionSettingsQueryOptions } from '../../../lib/organization-data/action-settings.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { OverlayItem, useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { actionQueryOptions } from '../api/actions.ts';
import { templateQueryOptions } from '../api/templates.ts';

interface Loaded<T> {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
}

/** An overlay's item: a loading card, a redirect to /actions for an unknown id, or the content. */
function WithItem<T>({ query, title, children }: { query: Loaded<T>; title: string; children: (item: T) => ReactNode }) {
  const { t } = useTranslation('actions');
  const close = useCloseOverlay(orgPaths.actions);
  return (
    <OverlayItem query={query} listRoute={orgPaths.actions} title={title} onClose={close} loadingLabel={t('list.loading')}>
      {children}
    </OverlayItem>
  );
}

/** Loaded once per overlay: a refetch must not reset a form being edited. */
const ONCE = { refetchOnWindowFocus: false, refetchInterval: false } as const;

export function WithAction({ id, title, children }: { id: string; title: string; children: (dto: ActionDto) => ReactNode }) {
  const { organization } = useOrganizationContext();
  const query = useQuery({ ...actionQueryOptions(organization.id, id), ...ONCE });
  return (
    <WithItem query={query} title={title}>
      {children}
    </WithItem>
  );
}

export function WithTemplate({ id, title, children }: { id: string; title: string; children: (template: ActionTemplateDto) => ReactNode }) {
  const { organization } = useOrganizationContext();
  const query = useQuery({ ...templateQueryOptions(organization.id, id), ...ONCE });
  return (
    <WithItem query={query} title={title}>
      {children}
    </WithItem>
  );
}

/** The form's time-out options (GET settings/actions) before it opens. */
export function WithSettings({ title, children }: { title: string; children: (settings: ActionSettings) => ReactNode }) {
  const { organization } = useOrganizationContext();
  const query = useQuery({ ...actionSettingsQueryOptions(organization.id), ...ONCE });
  return (
    <WithItem query={query} title={title}>
      {children}
    </WithItem>
  );
}
