import { boolean, object, string, type InferType } from 'yup';
import { USER_GROUP_COLORS } from '../constants.ts';
import { serverMessages } from '../api/server-messages.ts';
import { dateTimeSchema, instantMsOf, type DateTimeParts } from '../validation/date-time.ts';
import { id, list } from '../validation/fields.ts';
import { isIsoWeek } from './iso-week.ts';

/**
 * The shift planner's API contract (issue 15; docs/decisions/0031-shift-planner-model.md): shift
 * activity types (settings), shifts of one person each, ISO weeks that are published as a whole,
 * and week templates. Shared by the shifts Lambda, the portal's planner and settings pages, and
 * the route walks.
 */
export const SHIFT_MESSAGES = serverMessages('shifts', {
  nameRequired: 'Name is required',
  colorRequired: 'Color is required',
  colorPreset: 'Color must be one of the preset colours',
  userRequired: 'Staff member is required',
  startRequired: 'Start is required',
  endRequired: 'End is required',
  endBeforeStart: 'End must be after start',
  tooLong: 'A shift can be at most 24 hours long',
  activityTypeRequired: 'Activity is required',
  activityOutsideShift: 'An activity must lie within its shift',
  activityEndBeforeStart: 'An activity must end after it starts',
  invalidWeek: 'Week must be an ISO week like 2026-W05',
  notFound: 'Shift not found',
  activityTypeNotFound: 'Shift activity not found',
  templateNotFound: 'Template not found',
  previousWeekEmpty: 'The previous week has no shifts',
  templateEmpty: 'The week has no shifts to save',
  notSent: 'The week is published, but it could not be sent to everyone. Publish it again to send it.',
});

export const SHIFT_NAME_MAX = 50;
export const ACTIVITY_TYPE_NAME_MAX = 50;
export const TEMPLATE_NAME_MAX = 50;
/** Activities one shift may have (a watch screen lists them). */
export const SHIFT_ACTIVITIES_MAX = 10;
/** A shift is at most a day long (a night shift past midnight included). */
export const SHIFT_MAX_MS = 24 * 60 * 60 * 1000;
/** Shifts one week may hold (200 staff, a few shifts each); also the limit of a template. */
export const SHIFTS_PER_WEEK_MAX = 2_000;

const color = () =>
  string()
    .max(7, SHIFT_MESSAGES.colorPreset)
    .required(SHIFT_MESSAGES.colorRequired)
    .oneOf([...USER_GROUP_COLORS, ...USER_GROUP_COLORS.map((c) => c.toLowerCase())], SHIFT_MESSAGES.colorPreset);

/** A shift activity type of `/settings/shift-planner` (spec 001 §3: name and one of the 22 preset colours). */
export const shiftActivityTypeSchema = object({
  name: string().max(ACTIVITY_TYPE_NAME_MAX, `Name must be at most ${ACTIVITY_TYPE_NAME_MAX} characters`).trim().required(SHIFT_MESSAGES.nameRequired),
  color: color(),
});
export type ShiftActivityTypeInput = InferType<typeof shiftActivityTypeSchema>;

/** True unless both times are complete and `end` is not after `start` (an incomplete one has its own message). */
const isAfter = (end: unknown, start: unknown) => {
  const [to, from] = [instantMsOf(end), instantMsOf(start)];
  return to === undefined || from === undefined || to > from;
};

export const shiftActivitySchema = object({
  activity_type_id: id('Activity id').required(SHIFT_MESSAGES.activityTypeRequired),
  start: dateTimeSchema.required(SHIFT_MESSAGES.startRequired),
  end: dateTimeSchema.required(SHIFT_MESSAGES.endRequired),
}).test('activity-order', SHIFT_MESSAGES.activityEndBeforeStart, (a) => isAfter(a?.end, a?.start));
export type ShiftActivityInput = InferType<typeof shiftActivitySchema>;

/**
 * A shift (POST /shifts, PUT /shifts/{shiftId}): one person, a start and an end (past midnight
 * allowed, at most 24 h), an optional name, and activities each inside the shift. Saved as a draft
 * of its week until the week is published.
 */
export const shiftSchema = object({
  user_id: id('User id').required(SHIFT_MESSAGES.userRequired),
  name: string().max(SHIFT_NAME_MAX, `Name must be at most ${SHIFT_NAME_MAX} characters`).trim().default(''),
  start: dateTimeSchema.required(SHIFT_MESSAGES.startRequired),
  end: dateTimeSchema
    .required(SHIFT_MESSAGES.endRequired)
    .test('after-start', SHIFT_MESSAGES.endBeforeStart, function (end) {
      return isAfter(end, this.parent?.start);
    })
    .test('at-most-a-day', SHIFT_MESSAGES.tooLong, function (end) {
      const [to, from] = [instantMsOf(end), instantMsOf(this.parent?.start)];
      return to === undefined || from === undefined || to - from <= SHIFT_MAX_MS;
    }),
  activities: list(shiftActivitySchema.required(SHIFT_MESSAGES.activityTypeRequired), SHIFT_ACTIVITIES_MAX, 'Activities')
    .default([])
    .test('inside-shift', SHIFT_MESSAGES.activityOutsideShift, function (activities) {
      const [from, to] = [instantMsOf(this.parent?.start), instantMsOf(this.parent?.end)];
      if (!Array.isArray(activities) || from === undefined || to === undefined) return true;
      return activities.every((a) => {
        const [starts, ends] = [instantMsOf(a?.start), instantMsOf(a?.end)];
        return starts === undefined || ends === undefined || (starts >= from && ends <= to);
      });
    }),
});
export type ShiftInput = InferType<typeof shiftSchema>;

/** 'YYYY-Www' of a real ISO week. */
export const isoWeek = () =>
  string()
    .max(8, SHIFT_MESSAGES.invalidWeek)
    .test('iso-week', SHIFT_MESSAGES.invalidWeek, (value) => value === undefined || value === null || isIsoWeek(value));

/** POST /shift-templates: save a week as a template. */
export const shiftTemplateSchema = object({
  name: string().max(TEMPLATE_NAME_MAX, `Name must be at most ${TEMPLATE_NAME_MAX} characters`).trim().required(SHIFT_MESSAGES.nameRequired),
  week: isoWeek().required(SHIFT_MESSAGES.invalidWeek),
});
export type ShiftTemplateInput = InferType<typeof shiftTemplateSchema>;

/**
 * POST /shift-templates/{templateId}/apply: the week it fills, as drafts; `replace` first removes the
 * week's own shifts (a planner's "apply instead"), else the template's shifts are added.
 */
export const applyShiftTemplateSchema = object({
  week: isoWeek().required(SHIFT_MESSAGES.invalidWeek),
  replace: boolean().strict().typeError('replace must be true or false').default(false),
});

export const shiftWeekPathSchema = object({ orgId: id('Organization id').required(), week: isoWeek().required(SHIFT_MESSAGES.invalidWeek) });
export const shiftPathSchema = object({ orgId: id('Organization id').required(), shiftId: id('Shift id').required() });
export const activityTypePathSchema = object({ orgId: id('Organization id').required(), activityTypeId: id('Activity id').required() });
export const shiftTemplatePathSchema = object({ orgId: id('Organization id').required(), templateId: id('Template id').required() });

export interface ShiftActivityTypeDto {
  id: string;
  name: string;
  color: string;
}

export interface ShiftActivityDto {
  activity_type_id: string;
  start: DateTimeParts;
  end: DateTimeParts;
  /** Instants (ISO-8601 UTC). */
  start_at: string;
  end_at: string;
}

export interface ShiftDto {
  id: string;
  user_id: string;
  name: string;
  /** The ISO week of the shift's start date: a night shift belongs to the week it starts in. */
  week: string;
  start: DateTimeParts;
  end: DateTimeParts;
  start_at: string;
  end_at: string;
  activities: ShiftActivityDto[];
  /** Published once (staff see it, as it was published). */
  published: boolean;
  /** Edited since its week's last publish (or never published): a draft change staff do not see. */
  changed_since_publish: boolean;
}

export interface ShiftWeekDto {
  week: string;
  /** Monday to Sunday, 'YYYY-MM-DD'. */
  days: string[];
  /** The week's last publish, null before the first. */
  published_at: string | null;
  /** True when a shift was added, edited or removed since the last publish. */
  has_unpublished_changes: boolean;
  /** The week's shifts, and the previous week's that run past midnight into its Monday. */
  shifts: ShiftDto[];
}

/** A shift of a template: weekday and wall-clock times; a time not after the shift's start is on the next day. */
export interface ShiftTemplateShift {
  user_id: string;
  name: string;
  /** 0 = Monday … 6 = Sunday. */
  day: number;
  start_time: string;
  end_time: string;
  activities: Array<{ activity_type_id: string; start_time: string; end_time: string }>;
}

export interface ShiftTemplateDto {
  id: string;
  name: string;
  shifts: ShiftTemplateShift[];
  created_by: string;
  created_time: string;
}

/** Answer of publish: the week, and the people whose shifts were added, edited or removed since the last publish. */
export interface ShiftPublishResult {
  week: ShiftWeekDto;
  affected_user_ids: string[];
}
