import type { TaskDraftDto } from '@portal/shared/tasks/task.schema';
import { OverlayQuery, useOverlayList, type WithItemProps } from '../../../ui/overlay-query.tsx';
import { draftQueryOptions } from '../api/drafts.ts';
import { tasksKit } from '../utils/tasks-kit.ts';

/** A draft of the route (tasks' own kind: saved without validation). */
export function WithDraft({ id, ...rest }: WithItemProps<TaskDraftDto>) {
  const { orgId, ...list } = useOverlayList(tasksKit.overlays);
  return <OverlayQuery options={draftQueryOptions(orgId, id)} {...list} {...rest} />;
}
