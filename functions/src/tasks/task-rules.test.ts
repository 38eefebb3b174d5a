import { describe, expect, it } from 'vitest';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { dayBounds, draftTitle, effectiveClosure, onTab } from './task-rules.ts';

const group = (...recipients: RecipientGroup['recipients']): RecipientGroup[] => [{ group_number: 0, recipients }];
const user = (id: string) => ({ id, type: 'user' as const });
const item = (id: string, is_deleted = false) => ({ id, title: { text: id }, is_checked: false, is_deleted });

describe('effectiveClosure (spec 000 §5)', () => {
  it("keeps 'all' for a group, a shift or more than one user in group 0 when there is no checklist", () => {
    expect(effectiveClosure({ checklist: [] }, group({ id: 'g1', type: 'user_group' }), 'all')).toBe('all');
    expect(effectiveClosure({ checklist: [] }, group({ id: 's1', type: 'shift_activity_type' }), 'all')).toBe('all');
    expect(effectiveClosure({ checklist: [] }, group({ id: 'e', type: 'everyone' }), 'all')).toBe('all');
    expect(effectiveClosure({ checklist: [] }, group(user('u1'), user('u2')), 'all')).toBe('all');
  });
  it("forces 'one' with a checklist or a single user in group 0", () => {
    expect(effectiveClosure({ checklist: [item('a')] }, group(user('u1'), user('u2')), 'all')).toBe('one');
    expect(effectiveClosure({ checklist: [] }, group(user('u1')), 'all')).toBe('one');
    expect(effectiveClosure({ checklist: [] }, [{ group_number: 0, recipients: [user('u1')] }, { group_number: 1, recipients: [user('u2')] }], 'all')).toBe('one');
  });
  it('counts a checklist of deleted items as none', () => {
    expect(effectiveClosure({ checklist: [item('a', true)] }, group(user('u1'), user('u2')), 'all')).toBe('all');
  });
});

describe('draftTitle', () => {
  it("titles an untitled draft 'Untitled Draft ' (with its space)", () => {
    expect(draftTitle('')).toBe('Untitled Draft ');
    expect(draftTitle('   ')).toBe('Untitled Draft ');
    expect(draftTitle(undefined)).toBe('Untitled Draft ');
    expect(draftTitle('Open shop')).toBe('Open shop');
  });
});

describe('dayBounds', () => {
  it("is the organisation's local day in UTC, 23 hours on the day summer time starts", () => {
    expect(dayBounds(new Date('2026-11-23T23:30:00Z'), 'Europe/Berlin')).toEqual({ start: '2026-11-23T23:00:00.000Z', end: '2026-11-24T23:00:00.000Z' });
    expect(dayBounds(new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin')).toEqual({ start: '2026-03-28T23:00:00.000Z', end: '2026-03-29T22:00:00.000Z' });
  });
});

describe('onTab', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const day = { start: '2026-11-23T00:00:00.000Z', end: '2026-11-24T00:00:00.000Z' };
  it('shows on today what is open and started before tomorrow, and what completed today', () => {
    expect(onTab('today', { startAt: '2026-11-20T08:00:00.000Z' }, now, day)).toBe(true);
    expect(onTab('today', { startAt: '2026-11-23T20:00:00.000Z' }, now, day)).toBe(true);
    expect(onTab('today', { startAt: '2026-11-24T08:00:00.000Z' }, now, day)).toBe(false);
    expect(onTab('today', { startAt: '2026-11-20T08:00:00.000Z', completedAt: '2026-11-23T09:00:00.000Z' }, now, day)).toBe(true);
    expect(onTab('today', { startAt: '2026-11-20T08:00:00.000Z', completedAt: '2026-11-22T09:00:00.000Z' }, now, day)).toBe(false);
  });
  it('shows scheduled, completed and all by their own rule', () => {
    expect(onTab('scheduled', { startAt: '2026-11-23T11:00:00.000Z' }, now, day)).toBe(true);
    expect(onTab('scheduled', { startAt: '2026-11-23T09:00:00.000Z' }, now, day)).toBe(false);
    expect(onTab('completed', { startAt: '2026-11-23T09:00:00.000Z', completedAt: '2026-11-23T09:30:00.000Z' }, now, day)).toBe(true);
    expect(onTab('completed', { startAt: '2026-11-23T09:00:00.000Z' }, now, day)).toBe(false);
    expect(onTab('all', { startAt: '2030-01-01T00:00:00.000Z' }, now, day)).toBe(true);
  });
});
