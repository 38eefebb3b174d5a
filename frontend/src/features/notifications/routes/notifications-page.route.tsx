import { lazy } from 'react';
import { useLocation } from 'react-router-dom';
import { orgPaths } from '../../../lib/paths.ts';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { SendingPage } from '../../../ui/sending-kit-page.tsx';
import { NotificationList } from '../components/notification-list.tsx';
import { notificationsKit } from '../utils/notifications-kit.ts';
import { tabOf } from '../utils/notification-tabs.ts';

/**
 * The details pane and what it shows (status table, recipient chips, send times) load once
 * something is chosen: the page opens with nothing selected (issue 12).
 */
const NotificationDetails = lazy(async () => ({ default: (await import('../components/notification-details.tsx')).NotificationDetails }));
const TemplateDetails = lazy(async () => ({ default: (await import('../components/notification-details.tsx')).TemplateDetails }));

/** /notifications: tabs sent, scheduled and templates, the list and the details pane (the kit's page). */
export function NotificationsPageRoute() {
  const { search } = useLocation();
  const tab = tabOf(search);
  return (
    <SendingPage
      kit={notificationsKit}
      tab={tab}
      create={orgPaths.notificationsCreate}
      master={tab === 'templates' ? null : <NotificationList key={tab} tab={tab} selected={notificationsKit.selectedOf(search)} />}
      detail={(selected) => <NotificationDetails key={selected} notificationId={selected} />}
      TemplateDetails={TemplateDetails}
      nothingKey="details.nothingSelected"
    />
  );
}

/** Any other path under /notifications goes to the list. */
export const NotificationsRedirect = () => <RedirectTo route={orgPaths.notifications} />;
