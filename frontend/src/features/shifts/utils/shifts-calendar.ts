import { addDays, daysOf, isoWeekOf, weekNumber } from '@portal/shared/shifts/iso-week';
import { fillRoute, orgPaths } from '../../../lib/paths.ts';

/**
 * The planner's route in calendar terms (spec 000 §2: weeks start on Monday, ISO week numbers),
 * on the shifts contract's ISO-week arithmetic (calendar days 'YYYY-MM-DD', in UTC).
 */
export type ShiftsView = 'week' | 'day';
export const SHIFTS_VIEWS: readonly ShiftsView[] = ['week', 'day'];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A strict calendar day, or undefined (2026-02-30 is no day). */
export function parseDay(text: string | undefined): string | undefined {
  if (!text || !DATE.test(text) || Number.isNaN(Date.parse(text))) return undefined;
  // Date rolls 30 February over into March: the day must come back as written.
  return addDays(text, 0) === text ? text : undefined;
}

/** The seven days of the week holding `day`, Monday first. */
export const weekDays = (day: string): string[] => daysOf(isoWeekOf(day));

/** The ISO week's year and number, for the planner's title. */
export function isoWeekParts(day: string): { year: number; week: number } {
  const week = isoWeekOf(day);
  return { year: Number(week.slice(0, 4)), week: weekNumber(week) };
}

export interface ShiftsLocation {
  day: string;
  view: ShiftsView;
  templateId?: string;
}

/** Reads /schedule/:date?/:view?/:templateId?; a missing or malformed date means today, a missing view the week. */
export function readShiftsParams(params: { date?: string; view?: string; templateId?: string }, today: string): ShiftsLocation & { valid: boolean } {
  const day = parseDay(params.date);
  const view = params.view === undefined ? 'week' : SHIFTS_VIEWS.find((candidate) => candidate === params.view);
  const valid = (params.date === undefined || day !== undefined) && view !== undefined;
  return { day: day ?? today, view: view ?? 'week', ...(params.templateId ? { templateId: params.templateId } : {}), valid };
}

/** The route of a location: /schedule/:date/:view, and the template's id while one is applied. */
export function shiftsPath({ day, view, templateId }: ShiftsLocation): string {
  return templateId ? fillRoute(orgPaths.shiftTemplateApply, { date: day, view, templateId }) : fillRoute(orgPaths.shiftsView, { date: day, view });
}

/** Back (-1) or forward (+1) by a week or a day. */
export function stepDay(day: string, view: ShiftsView, direction: -1 | 1): string {
  return addDays(day, direction * (view === 'week' ? 7 : 1));
}

/** The days a view shows. */
export function visibleDays(day: string, view: ShiftsView): string[] {
  return view === 'week' ? weekDays(day) : [day];
}
