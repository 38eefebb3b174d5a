import { useTranslation } from 'react-i18next';
import type { TaskDraftDto, TaskDto, TaskTemplateDto } from '@portal/shared/tasks/task.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import type { ListOverlays } from '../../../ui/list-overlays.tsx';
import { OverlayQuery, type OverlayList, type WithItemProps } from '../../../ui/overlay-query.tsx';
import { draftQueryOptions } from '../api/drafts.ts';
import { recurringRootQueryOptions, taskQueryOptions } from '../api/tasks.ts';
import { templateQueryOptions } from '../api/templates.ts';

/** The overlays of /tasks: they close (and an unknown id goes back) to the list; texts of 'tasks'. */
export const TASK_OVERLAYS: ListOverlays = { listRoute: orgPaths.tasks, namespace: 'tasks' };

function useTasksList(): OverlayList & { orgId: string } {
  const { t } = useTranslation(TASK_OVERLAYS.namespace);
  const { organization } = useOrganizationContext();
  return { orgId: organization.id, listRoute: TASK_OVERLAYS.listRoute, loadingLabel: t('list.loading') };
}

/** The task of the route; `root` loads the series root of that (child) id instead. */
export function WithTask({ id, root = false, ...rest }: WithItemProps<TaskDto> & { root?: boolean }) {
  const { orgId, ...list } = useTasksList();
  return <OverlayQuery options={root ? recurringRootQueryOptions(orgId, id) : taskQueryOptions(orgId, id)} {...list} {...rest} />;
}

export function WithDraft({ id, ...rest }: WithItemProps<TaskDraftDto>) {
  const { orgId, ...list } = useTasksList();
  return <OverlayQuery options={draftQueryOptions(orgId, id)} {...list} {...rest} />;
}

export function WithTemplate({ id, ...rest }: WithItemProps<TaskTemplateDto>) {
  const { orgId, ...list } = useTasksList();
  return <OverlayQuery options={templateQueryOptions(orgId, id)} {...list} {...rest} />;
}
