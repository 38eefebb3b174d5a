import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NotificationDto, NotificationTemplateDto } from '@portal/shared/notifications/notification.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { OverlayItem, useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { notificationQueryOptions, recurringRootQueryOptions } from '../api/notifications.ts';
import { templateQueryOptions } from '../api/templates.ts';

interface Loaded<T> {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
}

/** An overlay's item: a loading card, a redirect to /notifications for an unknown id, or the content. */
function WithItem<T>({ query, title, children }: { query: Loaded<T>; title: string; children: (item: T) => ReactNode }) {
  const { t } = useTranslation('notifications');
  const close = useCloseOverlay(orgPaths.notifications);
  return (
    <OverlayItem query={query} listRoute={orgPaths.notifications} title={title} onClose={close} loadingLabel={t('form.loading')}>
      {children}
    </OverlayItem>
  );
}

/** The notification of the route; `root` loads the series root of that (child) id instead. */
export function WithNotification({ id, root = false, title, children }: { id: string; root?: boolean; title: string; children: (dto: NotificationDto) => ReactNode }) {
  const { organization } = useOrganizationContext();
  const options = root ? recurringRootQueryOptions(organization.id, id) : notificationQueryOptions(organization.id, id);
  // Loaded once per overlay: a refetch must not reset a form being edited.
  const query = useQuery({ ...options, refetchOnWindowFocus: false, refetchInterval: false });
  return (
    <WithItem query={query} title={title}>
      {children}
    </WithItem>
  );
}

export function WithTemplate({ id, title, children }: { id: string; title: string; children: (template: NotificationTemplateDto) => ReactNode }) {
  const { organization } = useOrganizationContext();
  const query = useQuery({ ...templateQueryOptions(organization.id, id), refetchOnWindowFocus: false });
  return (
    <WithItem query={query} title={title}>
      {children}
    </WithItem>
  );
}
