import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * A task draft (docs/data-model.md §3.6, AP61–AP62): the task as the form saved it, nothing required
 * (spec 000 §4), so it lives apart from the tasks, under `sk=DRAFT#TASK#{draftId}`: the tasks' lists,
 * statuses and schedules never meet a half-filled row, and the drafts tab is one Query on the prefix
 * (ULID ids: newest first by the sort key). Create Task validates it as a task and removes it.
 */
export const TaskDraftEntity = lazy(() => new Entity(
  {
    model: { entity: 'taskDraft', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      draftId: { type: 'string', required: true, readOnly: true },
      /** The content as saved; an untitled draft's title is 'Untitled Draft '. */
      content: { type: 'any', required: true },
      recipientGroups: { type: 'any', required: true, field: 'recipient_groups' },
      /** closure_criteria, reminders_enabled, start, end (each may be null), recurring. */
      config: { type: 'any', required: true },
      /** {template_id, trigger_id} */
      meta: { type: 'any', required: true },
      createdBy: { type: 'string', required: true, field: 'created_by' },
      createdAt: { type: 'string', required: true, field: 'created_at' },
      updatedAt: { type: 'string', required: true, field: 'updated_at' },
    },
    indexes: {
      byId: {
        pk: orgKey('pk'),
        sk: key('sk', 'DRAFT', 'TASK', attr('draftId')),
      },
    },
  },
  entityConfig(),
));

export type TaskDraftItem = EntityItem<typeof TaskDraftEntity>;
