import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { SendingPage } from '../../../ui/sending-kit-page.tsx';
import { TaskList } from '../components/task-list.tsx';
import { tasksKit } from '../utils/tasks-kit.ts';
import { isTaskListTab, tabOf, tabsFor, type TasksTab } from '../utils/task-tabs.ts';
import { mayTick } from '../utils/task-view.ts';
import '../tasks.css';

/** The details pane loads once a task is chosen; drafts on first use: /tasks opens on today's list. */
const TaskDetails = lazy(async () => ({ default: (await import('../components/task-details.tsx')).TaskDetails }));
const TemplateDetails = lazy(async () => ({ default: (await import('../components/task-details.tsx')).TemplateDetails }));
const DraftList = lazy(async () => ({ default: (await import('../components/draft-list.tsx')).DraftList }));
const DraftDetails = lazy(async () => ({ default: (await import('../components/draft-details.tsx')).DraftDetails }));

function Master({ tab, selected, sender }: { tab: TasksTab; selected: string | undefined; sender: boolean }) {
  if (isTaskListTab(tab)) return <TaskList tab={tab} selected={selected} canCreate={sender} />;
  return (
    <Suspense fallback={<PageLoader />}>
      <DraftList selected={selected} />
    </Suspense>
  );
}

/** /tasks: tabs today, scheduled, completed, all, drafts and templates, the list and the details pane (the kit's page). */
export function TasksPageRoute() {
  const { roles } = useOrganizationContext();
  const { search } = useLocation();
  // Employees see the tasks given to them; drafts and templates are the senders'.
  const sender = mayTick(roles);
  const tabs = tabsFor(sender);
  const tab = tabOf(search, tabs);
  const drafts = tab === 'drafts';
  return (
    <SendingPage
      kit={tasksKit}
      tab={tab}
      tabs={tabs}
      create={sender ? orgPaths.tasksCreate : undefined}
      master={<Master tab={tab} selected={tasksKit.selectedOf(search)} sender={sender} />}
      detail={(selected) => (drafts ? <DraftDetails key={selected} draftId={selected} /> : <TaskDetails key={selected} taskId={selected} />)}
      TemplateDetails={TemplateDetails}
      nothingKey={drafts ? 'details.nothingSelectedDraft' : 'details.nothingSelected'}
    />
  );
}

/** Any other path under /tasks goes to the list. */
export const TasksRedirect = () => <RedirectTo route={orgPaths.tasks} />;
