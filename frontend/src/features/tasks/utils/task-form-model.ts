import { TASK_DEFAULT_DURATION_MINUTES, TASK_DEFAULT_END_TIME, TIME_PICKER_ROUND_MINUTES, type Weekday } from '@portal/shared/constants';
import type { Recipient, RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import type {
  ClosureCriteria,
  TaskContent,
  TaskDraftDto,
  TaskDraftInput,
  TaskDto,
  TaskInput,
  TaskRecurring,
  TaskTemplateDto,
  TaskTemplateInput,
} from '@portal/shared/tasks/task.schema';
import type { DateTimeParts } from '@portal/shared/validation/date-time';
import { addMinutes, atTime, fromDateTimeParts, offsetOf, roundUpMinutes, startOfDay, startOfMinute, timeOfDay, toDateString, toTimeString } from '../../../lib/date-time.ts';
import { newId } from '../../../lib/new-id.ts';
import { daysOfShortcut, shortcutOf, sortDays } from '../../../lib/weekdays.ts';
import type { RepeatValues } from '../../../ui/repeat-field.tsx';

/** 'Start of day' or a time of its own (spec 000 §9); likewise 'End of day'. */
export type StartOption = 'startOfDay' | 'time';
export type EndOption = 'endOfDay' | 'time';

export interface ChecklistEntry {
  /** Chosen here and kept across edits, so an item's ticks stay with it. */
  id: string;
  text: string;
  is_checked: boolean;
}

/**
 * The task form (spec 000 §3-§5, §9): content with its checklist, recipient group 0, start and end
 * (an option, a date and a time each), repeat, reminders and the completion rule.
 */
export interface TaskFormValues extends RepeatValues {
  title: string;
  message: string;
  checklist: ChecklistEntry[];
  recipients: Recipient[];
  startOption: StartOption;
  /** 'YYYY-MM-DD'. */
  startDate: string;
  /** 'HH:mm', used with startOption 'time'. */
  startTime: string;
  endOption: EndOption;
  endDate: string;
  /** 'HH:mm' or 'HH:mm:ss'. */
  endTime: string;
  remindersEnabled: boolean;
  closure: ClosureCriteria;
}

/**
 * create: a new task (also copy, from a template, from a draft); scheduled: a scheduled or
 * all_declined task, edited as a whole; content: an ongoing, overdue or completed one (title, body,
 * checklist); recurring: a series' root; draft: a draft; template: a template.
 */
export type TaskFormMode = 'create' | 'scheduled' | 'content' | 'recurring' | 'draft' | 'template';

const endOfDayTime = TASK_DEFAULT_END_TIME;

/** `timeZone` here and below: the organisation's; dates and times of the form are its wall clock (decision 0049). */
export function emptyTaskValues(now: Date, timeZone: string): TaskFormValues {
  const today = toDateString(now, timeZone);
  return {
    title: '',
    message: '',
    checklist: [],
    recipients: [],
    startOption: 'startOfDay',
    startDate: today,
    startTime: defaultStartTime(now, timeZone),
    endOption: 'endOfDay',
    endDate: today,
    endTime: endOfDayTime,
    remindersEnabled: false,
    closure: 'one',
    repeat: false,
    repeatShortcut: 'everyday',
    repeatDays: daysOfShortcut('everyday'),
    hasRepeatEndDate: false,
    repeatEndDate: today,
  };
}

export const newChecklistEntry = (): ChecklistEntry => ({ id: newId(), text: '', is_checked: false });

/**
 * The start the form names: with 'Start of day' the day's first minute, or now when that day is
 * today (a task cannot start in the past); else the day at its time.
 */
export function startOf(values: Pick<TaskFormValues, 'startOption' | 'startDate' | 'startTime'>, now: Date, timeZone: string): Date | undefined {
  if (!values.startDate) return undefined;
  if (values.startOption === 'startOfDay') {
    const day = startOfDay(values.startDate, timeZone);
    return day.getTime() < now.getTime() && toDateString(day, timeZone) === toDateString(now, timeZone) ? startOfMinute(now) : day;
  }
  return atTime(values.startDate, values.startTime, timeZone);
}

/** The end the form names: 'End of day' is 23:59:59 of its date. */
export function endOf(values: Pick<TaskFormValues, 'endOption' | 'endDate' | 'endTime'>, timeZone: string): Date | undefined {
  if (!values.endDate) return undefined;
  return atTime(values.endDate, values.endOption === 'endOfDay' ? endOfDayTime : values.endTime, timeZone);
}

/** A time of its own for the start: the next 30-minute mark (spec 000 §9). */
export const defaultStartTime = (now: Date, timeZone: string) => toTimeString(roundUpMinutes(now, TIME_PICKER_ROUND_MINUTES, timeZone), timeZone);

/** A time of its own for the end: one hour after the start (spec 000 §9). */
export function defaultEnd(values: Pick<TaskFormValues, 'startOption' | 'startDate' | 'startTime'>, now: Date, timeZone: string): { endDate: string; endTime: string } {
  const start = startOf(values, now, timeZone) ?? roundUpMinutes(now, TIME_PICKER_ROUND_MINUTES, timeZone);
  const end = addMinutes(start, TASK_DEFAULT_DURATION_MINUTES);
  return { endDate: toDateString(end, timeZone), endTime: toTimeString(end, timeZone) };
}

/** The instant as {date, time, offset} in the zone, with seconds when it has them (23:59:59). */
export function toParts(date: Date, timeZone: string): DateTimeParts {
  const { second } = timeOfDay(date, timeZone);
  const time = toTimeString(date, timeZone);
  return { date: toDateString(date, timeZone), time: second ? `${time}:${String(second).padStart(2, '0')}` : time, offset: offsetOf(date, timeZone) };
}

const groupZero = (groups: readonly RecipientGroup[] | undefined): Recipient[] => groups?.find((group) => group.group_number === 0)?.recipients ?? [];

/**
 * Spec 000 §5: the completion rule is offered only without a checklist and when group 0 holds a
 * user group, a shift activity type (or everyone) or more than one user; otherwise it is 'one'.
 */
export function closureChoosable(values: Pick<TaskFormValues, 'checklist' | 'recipients'>): boolean {
  if (values.checklist.length > 0) return false;
  const users = values.recipients.filter((recipient) => recipient.type === 'user').length;
  return users > 1 || values.recipients.some((recipient) => recipient.type !== 'user');
}

export const closureOf = (values: TaskFormValues): ClosureCriteria => (closureChoosable(values) ? values.closure : 'one');

/** Spec 000 §5: reminder and repeat toggles only while the task is new or scheduled (a series' repeat shows, locked). */
export const showsSchedule = (mode: TaskFormMode) => mode === 'create' || mode === 'scheduled' || mode === 'recurring' || mode === 'draft';
/** A series' child ('Just this one') is one occurrence: it gets no repeat of its own. */
export const showsRepeat = (mode: TaskFormMode, seriesChild = false) => showsSchedule(mode) && !seriesChild;

export function toContent(values: Pick<TaskFormValues, 'title' | 'message' | 'checklist'>): TaskContent {
  return {
    title: { text: values.title.trim() },
    body: { text: values.message.trim() },
    checklist: values.checklist.map((item) => ({ id: item.id, title: { text: item.text.trim() }, is_checked: item.is_checked, is_deleted: false })),
  };
}

const toGroups = (recipients: readonly Recipient[]): RecipientGroup[] =>
  recipients.length ? [{ group_number: 0, recipients: recipients.map(({ id, type }) => ({ id, type })) }] : [];

/** config.recurring: each chosen day from the start's date, at the start's and end's times. */
export function toRecurring(values: TaskFormValues, start: Date, end: Date, timeZone: string): TaskRecurring {
  const [startParts, endParts] = [toParts(start, timeZone), toParts(end, timeZone)];
  return {
    range: {
      start: { date: startParts.date, offset: startParts.offset },
      end: values.hasRepeatEndDate && values.repeatEndDate ? { date: values.repeatEndDate, offset: offsetOf(startOfDay(values.repeatEndDate, timeZone), timeZone) } : null,
    },
    occurrence_time: { start: { time: startParts.time, offset: startParts.offset }, end: { time: endParts.time, offset: endParts.offset } },
    days: sortDays(values.repeatDays),
  };
}

export interface BodyOptions {
  now: Date;
  timeZone: string;
  templateId?: string | null;
  saveAsTemplate?: boolean;
}

/** Form → POST tasks / a whole PUT. The form has validated it: start and end name instants. */
export function toTaskBody(values: TaskFormValues, { now, timeZone, templateId = null, saveAsTemplate = false }: BodyOptions): TaskInput {
  const start = startOf(values, now, timeZone) ?? now;
  const end = endOf(values, timeZone) ?? start;
  return {
    content: toContent(values),
    recipient_groups: toGroups(values.recipients),
    config: {
      closure_criteria: closureOf(values),
      reminders_enabled: values.remindersEnabled,
      start: toParts(start, timeZone),
      end: toParts(end, timeZone),
      recurring: values.repeat ? toRecurring(values, start, end, timeZone) : null,
    },
    meta: { template_id: templateId, trigger_id: null },
    save_as_template: saveAsTemplate,
  };
}

/** An ongoing, overdue or completed task: content only (spec 000 §4). */
export const toContentBody = (values: TaskFormValues) => ({ content: toContent(values) });

/**
 * Form → a draft: whatever is filled in; empty dates stay empty (spec 000 §4: no validation). A
 * saved draft keeps 'Start of day' as its date's first minute (it reads back as 'Start of day',
 * not as the minute it was saved in); Create Task (`exact`) sends the start the task will have.
 */
export function toDraftBody(values: TaskFormValues, { now, timeZone, templateId = null, exact = false }: BodyOptions & { exact?: boolean }): TaskDraftInput {
  const start = !exact && values.startOption === 'startOfDay' && values.startDate ? startOfDay(values.startDate, timeZone) : startOf(values, now, timeZone);
  const end = endOf(values, timeZone);
  return {
    content: toContent(values),
    recipient_groups: toGroups(values.recipients),
    config: {
      closure_criteria: closureOf(values),
      reminders_enabled: values.remindersEnabled,
      start: start ? toParts(start, timeZone) : null,
      end: end ? toParts(end, timeZone) : null,
      recurring: values.repeat && start && end ? toRecurring(values, start, end, timeZone) : null,
    },
    meta: { template_id: templateId, trigger_id: null },
  };
}

/** Form → a template: content, recipients and the rules, no start or end (spec 001 §3). */
export const toTemplateBody = (values: TaskFormValues): TaskTemplateInput => ({
  task: { content: toContent(values), recipient_groups: toGroups(values.recipients), config: { closure_criteria: closureOf(values), reminders_enabled: values.remindersEnabled } },
});

const checklistOf = (content: TaskContent): ChecklistEntry[] =>
  content.checklist.filter((item) => !item.is_deleted).map((item) => ({ id: item.id, text: item.title.text ?? '', is_checked: Boolean(item.is_checked) }));

function repeatValues(recurring: TaskRecurring | null, base: TaskFormValues): RepeatValues {
  if (!recurring) return { repeat: false, repeatDays: base.repeatDays, repeatShortcut: base.repeatShortcut, hasRepeatEndDate: false, repeatEndDate: base.repeatEndDate };
  const days = sortDays(recurring.days as Weekday[]);
  return { repeat: true, repeatDays: days, repeatShortcut: shortcutOf(days), hasRepeatEndDate: Boolean(recurring.range.end), repeatEndDate: recurring.range.end?.date ?? base.repeatEndDate };
}

/** The start and end fields of two instants (as the organisation's clock shows them). */
function whenValues(start: Date | undefined, end: Date | undefined, base: TaskFormValues, timeZone: string) {
  const at = (date: Date | undefined) => (date ? toTimeString(date, timeZone) : undefined);
  return {
    startOption: at(start) === '00:00' ? ('startOfDay' as const) : ('time' as const),
    startDate: start ? toDateString(start, timeZone) : base.startDate,
    startTime: at(start) ?? base.startTime,
    endOption: at(end) === '23:59' ? ('endOfDay' as const) : ('time' as const),
    endDate: end ? toDateString(end, timeZone) : base.endDate,
    endTime: at(end) ?? base.endTime,
  };
}

type Source = { content: TaskContent; recipient_groups: RecipientGroup[]; config: { closure_criteria: ClosureCriteria; reminders_enabled: boolean } };

function contentValues(source: Source, base: TaskFormValues): TaskFormValues {
  return {
    ...base,
    title: source.content.title.text ?? '',
    message: source.content.body.text ?? '',
    checklist: checklistOf(source.content),
    recipients: groupZero(source.recipient_groups),
    closure: source.config.closure_criteria,
    remindersEnabled: source.config.reminders_enabled,
  };
}

/** A stored task (edit, or a series' root: its next occurrence) → the form. */
export function toFormValues(dto: TaskDto, now: Date, timeZone: string): TaskFormValues {
  const base = contentValues(dto, emptyTaskValues(now, timeZone));
  return { ...base, ...whenValues(new Date(dto.start_at), new Date(dto.end_at), base, timeZone), ...repeatValues(dto.config.recurring, base) };
}

/** Copy: a new task with its content, recipients and rules; its times start afresh (today) when they are past. */
export function copyFormValues(dto: TaskDto, now: Date, timeZone: string): TaskFormValues {
  const values = toFormValues(dto, now, timeZone);
  if (Date.parse(dto.start_at) > now.getTime()) return values;
  const fresh = emptyTaskValues(now, timeZone);
  return { ...values, startOption: fresh.startOption, startDate: fresh.startDate, startTime: fresh.startTime, endOption: fresh.endOption, endDate: fresh.endDate, endTime: fresh.endTime };
}

const startFields = (values: TaskFormValues) => ({ startOption: values.startOption, startDate: values.startDate, startTime: values.startTime });
const endFields = (values: TaskFormValues) => ({ endOption: values.endOption, endDate: values.endDate, endTime: values.endTime });

/**
 * A draft → the form; what the draft leaves empty takes the defaults, and so does a start or end
 * that has passed since it was saved (a draft kept overnight starts today, not yesterday).
 */
export function draftFormValues(draft: TaskDraftDto, now: Date, timeZone: string): TaskFormValues {
  const base = contentValues(draft, emptyTaskValues(now, timeZone));
  const start = draft.config.start ? fromDateTimeParts(draft.config.start) : undefined;
  const end = draft.config.end ? fromDateTimeParts(draft.config.end) : undefined;
  const when = { ...base, ...whenValues(start, end, base, timeZone) };
  const past = (at: Date | undefined) => !at || at.getTime() < startOfMinute(now).getTime();
  return {
    ...when,
    ...(past(start) ? startFields(base) : {}),
    ...(past(end) ? endFields(base) : {}),
    ...repeatValues(draft.config.recurring, base),
  };
}

/**
 * A task from a template (spec 000 §3, 001 §3): closure one, not a draft, reminders off, from now
 * today to the end of the day.
 */
export function fromTemplateValues(template: TaskTemplateDto, now: Date, timeZone: string): TaskFormValues {
  return { ...contentValues(template.task, emptyTaskValues(now, timeZone)), closure: 'one', remindersEnabled: false };
}

/** A template's own form (edit, copy): its content, recipients and rules as stored. */
export const templateFormValues = (template: TaskTemplateDto, now: Date, timeZone: string): TaskFormValues => contentValues(template.task, emptyTaskValues(now, timeZone));
