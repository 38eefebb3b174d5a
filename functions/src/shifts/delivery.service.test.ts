import { describe, expect, it } from 'vitest';
import { parseEnvelope } from '@portal/shared/devices/topics';
import { personShifts, shiftsMessage } from './delivery.service.ts';
import type { PublishedShift } from './shift-week.repository.ts';

const published = (shiftId: string, userId: string, startAt: string, activityTypeIds: string[] = ['cashier']): PublishedShift => ({
  shiftId,
  userId,
  signature: `sig-${shiftId}`,
  name: shiftId === 's1' ? 'Early' : '',
  startAt,
  endAt: startAt.replace('T07', 'T15'),
  activities: activityTypeIds.map((activityTypeId) => ({ activityTypeId, startAt, endAt: startAt.replace('T07', 'T11') })),
});
const types = new Map([['cashier', { name: 'Cashier', color: '#1E88E5' }]]);
const week = [published('s2', 'ann', '2027-03-09T07:00:00.000Z'), published('s1', 'ann', '2027-03-08T07:00:00.000Z', ['cashier', 'gone']), published('s3', 'bob', '2027-03-08T07:00:00.000Z')];

describe('the shifts delivery', () => {
  it("gives a person their own published shifts by start, activities named and coloured, a deleted type's left out", () => {
    expect(personShifts(week, 'ann', types)).toEqual([
      {
        shift_id: 's1',
        name: 'Early',
        start_at: '2027-03-08T07:00:00.000Z',
        end_at: '2027-03-08T15:00:00.000Z',
        activities: [{ activity_type_id: 'cashier', name: 'Cashier', color: '#1E88E5', start_at: '2027-03-08T07:00:00.000Z', end_at: '2027-03-08T11:00:00.000Z' }],
      },
      expect.objectContaining({ shift_id: 's2' }),
    ]);
    expect(personShifts(week, 'carl', types)).toEqual([]);
  });

  it("publishes to the person's inbox with an id fixed per publish and person: a retry repeats it, a new publish does not", () => {
    const first = shiftsMessage('org1', '2027-W10', { publishedAt: '2027-03-05T16:00:00.000Z', published: week }, types);
    const again = shiftsMessage('org1', '2027-W10', { publishedAt: '2027-03-05T16:00:00.000Z', published: week }, types);
    const later = shiftsMessage('org1', '2027-W10', { publishedAt: '2027-03-05T17:00:00.000Z', published: week }, types);
    const ann = first.message({ userId: 'ann', groupNumber: 0 });
    expect(ann.topic).toMatch(/\/org1\/users\/ann\/inbox$/);
    const envelope = parseEnvelope(ann.payload)!;
    expect(envelope).toMatchObject({ type: 'shifts', sent_at: '2027-03-05T16:00:00.000Z', data: { kind: 'shifts', week: '2027-W10' } });
    expect((envelope.data.shifts as unknown[]).length).toBe(2);
    expect(parseEnvelope(again.message({ userId: 'ann', groupNumber: 0 }).payload)!.id).toBe(envelope.id);
    expect(parseEnvelope(later.message({ userId: 'ann', groupNumber: 0 }).payload)!.id).not.toBe(envelope.id);
    expect(parseEnvelope(first.message({ userId: 'bob', groupNumber: 0 }).payload)!.id).not.toBe(envelope.id);
    // No delivery rows: a retried batch sends again and the watch drops the repeat.
    expect(first.statusRow).toBeUndefined();
  });
});
