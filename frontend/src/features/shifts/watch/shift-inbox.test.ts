import { describe, expect, it } from 'vitest';
import { createEnvelope } from '@portal/shared/devices/topics';
import { formatShiftTimes } from './shift-inbox.ts';
import { applyEnvelope } from '../../../watch/watch-inbox.ts';

const at = new Date('2027-03-05T10:00:00.000Z');
const shift = (id: string, start: string, end: string) => ({
  shift_id: id,
  name: '',
  start_at: start,
  end_at: end,
  activities: [{ activity_type_id: 'a1', name: 'Cashier', color: '#1E88E5', start_at: start, end_at: end }],
});
const week = (envelopeId: string, shifts: unknown[], weekId = '2027-W10') => createEnvelope('shifts', { kind: 'shifts', week: weekId, shifts }, envelopeId, at);

describe('shifts on the watch', () => {
  it("shows a week's shifts as one card, which the week's next message replaces, unread again", () => {
    let inbox = applyEnvelope([], week('e1', [shift('s1', '2027-03-08T07:00:00.000Z', '2027-03-08T15:00:00.000Z')]));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ kind: 'shifts', messageId: '2027-W10', read: false, shifts: { week: '2027-W10', shifts: [{ shift_id: 's1' }] } });
    inbox = [{ ...inbox[0]!, read: true }];
    inbox = applyEnvelope(inbox, week('e2', []));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ envelopeId: 'e2', read: false, shifts: { shifts: [] } });
    // Another week is another card.
    inbox = applyEnvelope(inbox, week('e3', [], '2027-W11'));
    expect(inbox.map((m) => m.messageId)).toEqual(['2027-W11', '2027-W10']);
  });

  it("keeps the later publish when an earlier publish's message arrives after it", () => {
    const later = createEnvelope('shifts', { kind: 'shifts', week: '2027-W10', shifts: [] }, 'e2', new Date(at.getTime() + 60_000));
    const inbox = applyEnvelope([], later);
    expect(applyEnvelope(inbox, week('e1', [shift('s1', '2027-03-08T07:00:00.000Z', '2027-03-08T15:00:00.000Z')]))).toEqual(inbox);
    // In order, the earlier publish is replaced by the later one.
    expect(applyEnvelope(applyEnvelope([], week('e1', [])), later)[0]).toMatchObject({ envelopeId: 'e2' });
  });

  it('ignores a shifts message it cannot read whole', () => {
    const inbox = applyEnvelope([], week('e1', [shift('s1', '2027-03-08T07:00:00.000Z', '2027-03-08T15:00:00.000Z')]));
    expect(applyEnvelope(inbox, week('e2', [{ shift_id: 's#1' }]))).toEqual(inbox);
    expect(applyEnvelope(inbox, week('e3', [], '2027-W99'))).toEqual(inbox);
  });

  it('says the day and the hours in the language and time zone of the watch', () => {
    expect(formatShiftTimes('2027-03-08T07:00:00.000Z', '2027-03-08T15:30:00.000Z', 'en-GB', 'Europe/Berlin')).toEqual({ day: 'Mon 8 Mar', hours: '08:00–16:30' });
    expect(formatShiftTimes('2027-03-08T21:00:00.000Z', '2027-03-09T05:00:00.000Z', 'de', 'Europe/Berlin')).toEqual({ day: 'Mo., 8. März', hours: '22:00–06:00' });
  });
});
