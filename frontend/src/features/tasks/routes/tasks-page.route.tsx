import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { MasterDetail } from '../../../ui/master-detail.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryTabList } from '../../../ui/query-tab-list.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { useIsNarrow } from '../../../ui/use-narrow.ts';
import { TaskList } from '../components/task-list.tsx';
import { useTasksNav } from '../hooks/use-tasks-nav.ts';
import { isTaskListTab, selectedOf, tabOf, tabsFor, withTab, type TasksTab } from '../utils/task-tabs.ts';
import { mayTick } from '../utils/task-view.ts';
import '../../../ui/list-pane.css';
import '../tasks.css';

/** The details pane loads once a task is chosen; drafts and templates on first use: /tasks opens on today's list. */
const TaskDetails = lazy(async () => ({ default: (await import('../components/task-details.tsx')).TaskDetails }));
const DraftList = lazy(async () => ({ default: (await import('../components/draft-list.tsx')).DraftList }));
const DraftDetails = lazy(async () => ({ default: (await import('../components/draft-details.tsx')).DraftDetails }));
const TemplateList = lazy(async () => ({ default: (await import('../components/template-list.tsx')).TemplateList }));
const TemplateDetails = lazy(async () => ({ default: (await import('../components/template-details.tsx')).TemplateDetails }));

function Master({ tab, selected, sender }: { tab: TasksTab; selected: string | undefined; sender: boolean }) {
  if (isTaskListTab(tab)) return <TaskList tab={tab} selected={selected} canCreate={sender} />;
  return <Suspense fallback={<PageLoader />}>{tab === 'drafts' ? <DraftList selected={selected} /> : <TemplateList selected={selected} />}</Suspense>;
}

function Detail({ tab, selected }: { tab: TasksTab; selected: string }) {
  return (
    <Suspense fallback={<PageLoader />}>
      {tab === 'drafts' ? <DraftDetails key={selected} draftId={selected} /> : tab === 'templates' ? <TemplateDetails key={selected} templateId={selected} /> : <TaskDetails key={selected} taskId={selected} />}
    </Suspense>
  );
}

/** /tasks: tabs today, scheduled, completed, all, drafts and templates, the list and the details pane; overlays render in the outlet as side cards. */
export function TasksPageRoute() {
  const { t } = useTranslation('tasks');
  const { roles } = useOrganizationContext();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { to } = useTasksNav();
  const narrow = useIsNarrow();
  // Employees see the tasks given to them; drafts and templates are the senders'.
  const sender = mayTick(roles);
  const tabs = tabsFor(sender);
  const tab = tabOf(search, tabs);
  const selected = selectedOf(search);
  const templates = tab === 'templates';
  const nothing = templates ? 'details.nothingSelectedTemplate' : tab === 'drafts' ? 'details.nothingSelectedDraft' : 'details.nothingSelected';

  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={
          sender ? (
            <ButtonLink variation="primary" to={to(templates ? orgPaths.taskTemplateCreate : orgPaths.tasksCreate)}>
              {t(templates ? 'actions.createTemplate' : 'actions.create')}
            </ButtonLink>
          ) : undefined
        }
      />
      <QueryTabList tabs={tabs} active={tab} search={search} label={t('tabsLabel')} labelOf={(name) => t(`tabs.${name}`)} idPrefix="tasks" />
      <div role="tabpanel" id="tasks-panel" aria-labelledby={`tasks-tab-${tab}`}>
        <MasterDetail
          master={<Master tab={tab} selected={selected} sender={sender} />}
          // Narrow screens show details as an overlay: only once something is chosen.
          detail={selected ? <Detail tab={tab} selected={selected} /> : narrow ? null : <EmptyState compact title={t(nothing)} />}
          detailLabel={t('details.label')}
          onCloseDetail={() => void navigate({ search: withTab(search, tab) })}
        />
      </div>
      <Outlet />
    </div>
  );
}

/** Any other path under /tasks goes to the list. */
export const TasksRedirect = () => <RedirectTo route={orgPaths.tasks} />;
