import { ShiftWeekEntity } from './shift-week.entity.ts';

/** What one publish sent of a shift: its person, its signature and its activities (for the assignment rows). */
export interface PublishedShift {
  shiftId: string;
  userId: string;
  signature: string;
  activities: Array<{ activityTypeId: string; startAt: string; endAt: string }>;
}

export async function getWeek(orgId: string, week: string) {
  const { data } = await ShiftWeekEntity.get({ orgId, week }).go();
  return data && { publishedAt: data.publishedAt, published: JSON.parse(data.published) as PublishedShift[] };
}

// AP70
export async function putWeek(orgId: string, week: string, publishedBy: string, published: PublishedShift[], now: Date) {
  await ShiftWeekEntity.put({ orgId, week, publishedAt: now.toISOString(), publishedBy, published: JSON.stringify(published) }).go();
}
