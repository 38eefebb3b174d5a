import { lazy } from 'react';
import { useLocation } from 'react-router-dom';
import { orgPaths } from '../../../lib/paths.ts';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { SendingPage } from '../../../ui/sending-kit-page.tsx';
import { ActionList } from '../components/action-list.tsx';
import { actionsKit } from '../utils/actions-kit.ts';
import '../actions.css';

/** The details pane (a table) loads once an action is chosen: /actions opens on the sent list. */
const ActionDetails = lazy(async () => ({ default: (await import('../components/action-details.tsx')).ActionDetails }));
const TemplateDetails = lazy(async () => ({ default: (await import('../components/action-details.tsx')).TemplateDetails }));

/** /actions: tabs sent and templates, the list and the details pane (the kit's page). */
export function ActionsPageRoute() {
  const { search } = useLocation();
  const tab = actionsKit.tabOf(search);
  return (
    <SendingPage
      kit={actionsKit}
      tab={tab}
      create={orgPaths.actionsCreate}
      master={<ActionList selected={actionsKit.selectedOf(search)} />}
      detail={(selected) => <ActionDetails key={selected} actionId={selected} />}
      TemplateDetails={TemplateDetails}
      nothingKey="details.nothingSelected"
    />
  );
}

/** Any other path under /actions goes to the list. */
export const ActionsRedirect = () => <RedirectTo route={orgPaths.actions} />;
