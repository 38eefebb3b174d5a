import type { TaskDraftDto, TaskDto, TaskTemplateDto } from '@portal/shared/tasks/task.schema';
import { orgPaths } from '../../../lib/paths.ts';
import type { ListOverlays } from '../../../ui/list-overlays.tsx';
import { OverlayQuery, useOverlayList, type WithItemProps } from '../../../ui/overlay-query.tsx';
import { draftQueryOptions } from '../api/drafts.ts';
import { recurringRootQueryOptions, taskQueryOptions } from '../api/tasks.ts';
import { templateQueryOptions } from '../api/templates.ts';

/** The overlays of /tasks: they close (and an unknown id goes back) to the list; texts of 'tasks'. */
export const TASK_OVERLAYS: ListOverlays = { listRoute: orgPaths.tasks, namespace: 'tasks', loadingKey: 'list.loading' };

/** The task of the route; `root` loads the series root of that (child) id instead. */
export function WithTask({ id, root = false, ...rest }: WithItemProps<TaskDto> & { root?: boolean }) {
  const { orgId, ...list } = useOverlayList(TASK_OVERLAYS);
  return <OverlayQuery options={root ? recurringRootQueryOptions(orgId, id) : taskQueryOptions(orgId, id)} {...list} {...rest} />;
}

export function WithDraft({ id, ...rest }: WithItemProps<TaskDraftDto>) {
  const { orgId, ...list } = useOverlayList(TASK_OVERLAYS);
  return <OverlayQuery options={draftQueryOptions(orgId, id)} {...list} {...rest} />;
}

export function WithTemplate({ id, ...rest }: WithItemProps<TaskTemplateDto>) {
  const { orgId, ...list } = useOverlayList(TASK_OVERLAYS);
  return <OverlayQuery options={templateQueryOptions(orgId, id)} {...list} {...rest} />;
}
