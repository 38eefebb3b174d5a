import { boolean, mixed, number, object, string, type InferType } from 'yup';
import { CHECKLIST_ITEM_TEXT_MAX, NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX, WEEKDAYS, type Weekday } from '../constants.ts';
import { recipientGroupListSchema, recipientGroupsSchema, type RecipientGroup } from '../recipients/recipient.schema.ts';
import { serverMessages } from '../api/server-messages.ts';
import type { SeriesMeta } from '../scheduling/series-meta.ts';
import { dateTimeSchema, timeOfDay, type DateTimeParts } from '../validation/date-time.ts';
import { calendarDate, id, list, PAGE_TOKEN_MAX, text, utcOffset } from '../validation/fields.ts';
import { CLOSURE_CRITERIA, type ClosureCriteria, type CompletedAtStatus, type TaskStatusName } from './task-states.ts';

/**
 * The task of spec 000 §3: a work item with an optional checklist, a start and an end, reminders,
 * a repeat and a completion rule, sent to recipient groups. The API contract shared by the tasks
 * Lambda, the portal, the watch emulator and the route walks (docs/decisions/0028-tasks.md).
 */
export const TASK_MESSAGES = serverMessages('tasks', {
  titleRequired: 'Title is required',
  checklistTitleRequired: 'checklist title is required',
  startInPast: 'Start time must be later then current time',
  endBeforeStart: 'End date must be after start date',
  repeatEndBeforeStart: 'Repeat end date must be after start date',
  repeatEndRequired: 'Repeat end date is required',
  startRequired: 'Start is required',
  endRequired: 'End is required',
  notFound: 'Task not found',
  draftNotFound: 'Draft not found',
  templateNotFound: 'Template not found',
  recurringRootNotFound: 'Recurring root not found',
  /** Complete/undo through the dialog is for tasks without a checklist (spec 000 §4). */
  hasChecklist: 'A task with a checklist completes when its items are checked',
  noChecklist: 'This task has no checklist',
  notCompleted: 'This task is not completed',
  alreadyCompleted: 'This task is already completed',
  notStarted: 'This task has not started yet',
  checklistItemUnknown: 'Unknown checklist item',
  reminderOffset: 'A reminder must be 1 minute to 7 days before the end',
  notCarriedOut: 'The task could not be sent or scheduled. Please try again.',
});

/** At most this many checklist items per task (a watch screen of ticks; decision 0028). */
export const CHECKLIST_ITEMS_MAX = 20;
/** Reminders before the end, in minutes, that an organisation may set (`/settings/tasks`). */
export const REMINDER_OFFSETS_MAX = 5;
export const REMINDER_OFFSET_MIN_MINUTES = 1;
export const REMINDER_OFFSET_MAX_MINUTES = 7 * 24 * 60;

const titleText = () => string().trim().max(NOTIFICATION_TITLE_MAX, `Title must be at most ${NOTIFICATION_TITLE_MAX} characters`).default('');
const bodyText = () => string().trim().max(NOTIFICATION_MESSAGE_MAX, `Message must be at most ${NOTIFICATION_MESSAGE_MAX} characters`).default('');
const checklistText = () => string().trim().max(CHECKLIST_ITEM_TEXT_MAX, `Checklist item must be at most ${CHECKLIST_ITEM_TEXT_MAX} characters`);

/** A checklist item: its id is chosen by the client (kept across edits, so ticks stay with their item). */
const checklistItemSchema = (strict: boolean) =>
  object({
    id: id('Checklist item id').required('Checklist item id is required'),
    title: object({ text: strict ? checklistText().required(TASK_MESSAGES.checklistTitleRequired) : checklistText().default('') }).required(
      TASK_MESSAGES.checklistTitleRequired,
    ),
    is_checked: boolean().default(false),
    is_deleted: boolean().default(false),
  });

const contentShape = (strict: boolean) => ({
  title: object({ text: titleText() }).default({ text: '' }),
  body: object({ text: bodyText() }).default({ text: '' }),
  checklist: list(checklistItemSchema(strict).required(TASK_MESSAGES.checklistTitleRequired), CHECKLIST_ITEMS_MAX, 'Checklist')
    .default([])
    .test('unique-ids', 'Checklist item ids must be unique', (items) => !items || new Set(items.map((i) => i?.id)).size === items.length),
});

/** 'Title is required' unless the body has text (spec 000 §5, as for notifications); reported on the title. */
export const taskContentSchema = object(contentShape(true)).test('title-or-body', TASK_MESSAGES.titleRequired, function (content) {
  if (content?.title?.text || content?.body?.text) return true;
  // On the content's own title wherever it is nested (a template's is `task.content`).
  return this.createError({ path: `${this.path ? `${this.path}.` : ''}title.text`, message: TASK_MESSAGES.titleRequired });
});
export type TaskContent = InferType<typeof taskContentSchema>;

/**
 * A series of tasks (spec 000 §3 config.recurring): on each of `days` from the range's start date
 * (until its end date, inclusive, when set) a child task starts at `occurrence_time.start` and ends at
 * `occurrence_time.end` local time (on the next day when the end time is not after the start time).
 */
export const taskRecurringSchema = object({
  range: object({
    start: object({ date: calendarDate().required(TASK_MESSAGES.startRequired), offset: utcOffset().required('Offset is required') }).required(
      TASK_MESSAGES.startRequired,
    ),
    end: object({ date: calendarDate().required(TASK_MESSAGES.repeatEndRequired), offset: utcOffset().required('Offset is required') })
      .nullable()
      .default(null),
  }).required(TASK_MESSAGES.startRequired),
  occurrence_time: object({
    start: object({ time: timeOfDay().required('Time is required'), offset: utcOffset().required('Offset is required') }).required(TASK_MESSAGES.startRequired),
    end: object({ time: timeOfDay().required('Time is required'), offset: utcOffset().required('Offset is required') }).required(TASK_MESSAGES.endRequired),
  }).required(TASK_MESSAGES.startRequired),
  days: list(mixed<Weekday>().oneOf([...WEEKDAYS], 'Unknown weekday').required('Unknown weekday'), WEEKDAYS.length, 'Days')
    .min(1, 'Choose at least one day')
    .required('Choose at least one day'),
});
export type TaskRecurring = InferType<typeof taskRecurringSchema>;

const closure = () => mixed<ClosureCriteria>().oneOf([...CLOSURE_CRITERIA], 'Completion rule must be one or all').default('one');

/**
 * config of a task. 'End date must be after start date' is checked here; 'Start time must be later
 * then current time' and the repeat end need the clock and are checked by the service (and the form).
 */
export const taskConfigSchema = object({
  closure_criteria: closure(),
  reminders_enabled: boolean().default(false),
  start: dateTimeSchema.required(TASK_MESSAGES.startRequired),
  end: dateTimeSchema.required(TASK_MESSAGES.endRequired),
  recurring: taskRecurringSchema.nullable().default(null),
});
export type TaskConfig = InferType<typeof taskConfigSchema>;

const metaSchema = object({
  template_id: id('Template id').nullable().default(null),
  trigger_id: id('Trigger id').nullable().default(null),
}).default({ template_id: null, trigger_id: null });

/**
 * Create a task (POST /tasks), or edit a scheduled or all_declined one as a whole (PUT). The server
 * forces `closure_criteria` to 'one' when the rule may not be chosen (a checklist, or group 0 is a
 * single user: spec 000 §5) and delivers it at its start (now, or a one-off schedule).
 */
export const taskSchema = object({
  content: taskContentSchema.required(TASK_MESSAGES.titleRequired),
  recipient_groups: recipientGroupsSchema,
  config: taskConfigSchema.required(TASK_MESSAGES.startRequired),
  meta: metaSchema,
  /** Also store content, recipients and config as a template. */
  save_as_template: boolean().default(false),
});
export type TaskInput = InferType<typeof taskSchema>;

/** Ongoing, overdue and completed tasks are edited content-only: only the title is required (spec 000 §4, §5). */
export const taskContentEditSchema = object({ content: taskContentSchema.required(TASK_MESSAGES.titleRequired) });

/**
 * A draft (spec 000 §4): saved without validation, so every field may be empty; types and limits
 * still hold. An untitled draft is stored as 'Untitled Draft ' (UNTITLED_DRAFT_TITLE).
 */
export const taskDraftSchema = object({
  content: object(contentShape(false)).default({ title: { text: '' }, body: { text: '' }, checklist: [] }),
  recipient_groups: recipientGroupListSchema,
  config: object({
    closure_criteria: closure(),
    reminders_enabled: boolean().default(false),
    start: dateTimeSchema.nullable().default(null),
    end: dateTimeSchema.nullable().default(null),
    recurring: taskRecurringSchema.nullable().default(null),
  }).default({ closure_criteria: 'one', reminders_enabled: false, start: null, end: null, recurring: null }),
  meta: metaSchema,
});
export type TaskDraftInput = InferType<typeof taskDraftSchema>;

/** The checklist batch of the portal (spec 000 §7): ticks and unticks, by roles other than employee. */
export const checklistBatchSchema = list(
  object({
    id: id('Checklist item id').required('Checklist item id is required'),
    is_checked: boolean().strict().required('is_checked must be true or false'),
  }).required('Checklist item is required'),
  CHECKLIST_ITEMS_MAX,
  'Checklist',
)
  .min(1, 'Checklist must have at least 1 item')
  .required('Checklist must have at least 1 item');
export type ChecklistBatch = InferType<typeof checklistBatchSchema>;

/** A task template (spec 001 §3): the task without its start and end; recipients may be empty. */
export const taskTemplateSchema = object({
  task: object({
    content: taskContentSchema.required(TASK_MESSAGES.titleRequired),
    recipient_groups: recipientGroupListSchema,
    config: object({ closure_criteria: closure(), reminders_enabled: boolean().default(false) }).default({ closure_criteria: 'one', reminders_enabled: false }),
  }).required(TASK_MESSAGES.titleRequired),
});
export type TaskTemplateInput = InferType<typeof taskTemplateSchema>;

const reminderOffset = () =>
  number()
    .typeError(TASK_MESSAGES.reminderOffset)
    .integer(TASK_MESSAGES.reminderOffset)
    .min(REMINDER_OFFSET_MIN_MINUTES, TASK_MESSAGES.reminderOffset)
    .max(REMINDER_OFFSET_MAX_MINUTES, TASK_MESSAGES.reminderOffset);

/** `/settings/tasks` ("reminders are set in Setup", spec 000 §4; decision 0028). */
export const taskSettingsSchema = object({
  /** Minutes before a task's end at which recipients who have not completed are reminded. */
  reminder_offsets_minutes: list(reminderOffset().required(TASK_MESSAGES.reminderOffset), REMINDER_OFFSETS_MAX, 'Reminders').required(
    TASK_MESSAGES.reminderOffset,
  ),
  /** Tell the creator when their task turns overdue. */
  notify_creator_when_overdue: boolean().strict().default(true),
});
export type TaskSettings = InferType<typeof taskSettingsSchema>;
export const DEFAULT_TASK_SETTINGS: TaskSettings = { reminder_offsets_minutes: [60], notify_creator_when_overdue: true };

export const TASK_LIST_TABS = ['today', 'scheduled', 'completed', 'all'] as const;
export type TaskListTab = (typeof TASK_LIST_TABS)[number];

export const taskListQuerySchema = object({
  tab: mixed<TaskListTab>().oneOf([...TASK_LIST_TABS], 'tab must be today, scheduled, completed or all').default('today'),
  next_token: text(PAGE_TOKEN_MAX, 'next_token').optional(),
  limit: string().max(3, 'limit must be a number').matches(/^\d+$/, 'limit must be a number').optional(),
});
export const draftListQuerySchema = object({
  next_token: text(PAGE_TOKEN_MAX, 'next_token').optional(),
  limit: string().max(3, 'limit must be a number').matches(/^\d+$/, 'limit must be a number').optional(),
});
export const taskPathSchema = object({ orgId: id('Organization id').required(), taskId: id('Task id').required() });
export const draftPathSchema = object({ orgId: id('Organization id').required(), draftId: id('Draft id').required() });
export { seriesScopeQuerySchema } from '../scheduling/series-scope.schema.ts';
export { templatePathSchema, templateSearchQuerySchema } from '../templates/template-search.schema.ts';

export { CLOSURE_CRITERIA, TASK_STATUSES, type ClosureCriteria, type TaskStatusName } from './task-states.ts';

/** A checklist item as stored and shown: the content's item with who ticked it last and when. */
export interface ChecklistItemState {
  id: string;
  is_checked: boolean;
  is_deleted: boolean;
  user_id: string | null;
  timestamp: string | null;
}

/** Task status (spec 000 §3). */
export interface TaskStatus {
  checklist_items: ChecklistItemState[];
  user_ids: string[];
  completed_user_ids: string[];
  declined_user_ids: string[];
  read_user_ids: string[];
  received_user_ids: string[];
  completed_by_admin_user_ids: string[];
  completed_time: string | null;
  resolved_recipient_groups: RecipientGroup[];
}

export interface TaskDto {
  id: string;
  item_type?: 'task_recurring_root';
  content: TaskContent;
  recipient_groups: RecipientGroup[];
  config: TaskConfig & { is_draft: boolean };
  data: { status: TaskStatusName; completed_at_status: CompletedAtStatus | null };
  meta: SeriesMeta;
  created_by: string;
  created_time: string;
  /** The instants of config.start and config.end (ISO-8601 UTC); for a root, of its next occurrence. */
  start_at: string;
  end_at: string;
  completed_time: string | null;
  /** Users it was delivered to, and how many completed or declined (0 before its start). */
  recipient_count: number;
  completed_count: number;
  declined_count: number;
  status?: TaskStatus;
}

export interface TaskPage {
  items: TaskDto[];
  next_token?: string;
}

/** A draft: the task as saved, nothing required. */
export interface TaskDraftDto {
  id: string;
  content: TaskContent;
  recipient_groups: RecipientGroup[];
  config: { closure_criteria: ClosureCriteria; reminders_enabled: boolean; start: DateTimeParts | null; end: DateTimeParts | null; recurring: TaskRecurring | null; is_draft: true };
  meta: { template_id: string | null; trigger_id: string | null };
  created_by: string;
  created_time: string;
  updated_time: string;
}

export interface TaskDraftPage {
  items: TaskDraftDto[];
  next_token?: string;
}

export interface TaskTemplateDto {
  id: string;
  /** The task's title, for lists and search. */
  title: string;
  task: { content: TaskContent; recipient_groups: RecipientGroup[]; config: { closure_criteria: ClosureCriteria; reminders_enabled: boolean } };
  created_by: string;
  created_time: string;
}

export interface TaskTemplatePage {
  items: TaskTemplateDto[];
  next_token?: string;
}

