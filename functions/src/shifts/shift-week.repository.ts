import { ShiftWeekEntity } from './shift-week.entity.ts';

/**
 * What one publish sent of a shift: its person, its signature and its activities (for the assignment
 * rows); its name and times for the person's watch message (delivery.service.ts, decision 0033).
 */
export interface PublishedShift {
  shiftId: string;
  userId: string;
  signature: string;
  name: string;
  startAt: string;
  endAt: string;
  activities: Array<{ activityTypeId: string; startAt: string; endAt: string }>;
}

/** `consistent`: the shifts delivery reads the row its publish wrote a moment ago. */
export async function getWeek(orgId: string, week: string, options: { consistent?: boolean } = {}) {
  const { data } = await ShiftWeekEntity.get({ orgId, week }).go(options.consistent ? { consistent: true } : {});
  return data && { publishedAt: data.publishedAt, published: JSON.parse(data.published) as PublishedShift[] };
}

// AP70
export async function putWeek(orgId: string, week: string, publishedBy: string, published: PublishedShift[], now: Date) {
  await ShiftWeekEntity.put({ orgId, week, publishedAt: now.toISOString(), publishedBy, published: JSON.stringify(published) }).go();
}

/** AP85: what the last publishes of `weeks` sent, in one GetItem (one week) or BatchGetItem (two). */
export async function publishedOfWeeks(orgId: string, weeks: readonly string[]): Promise<PublishedShift[]> {
  if (weeks.length === 1) return (await getWeek(orgId, weeks[0]!))?.published ?? [];
  const { data } = await ShiftWeekEntity.get(weeks.map((week) => ({ orgId, week }))).go();
  return data.flatMap((row) => JSON.parse(row.published) as PublishedShift[]);
}
