import { describe, expect, it } from 'vitest';
import { compareDashboardActions, compareDashboardTasks, completionPercentOf, overallPercentOf, responseCountsOf, sumResponseCounts, taskStatusCountsOf } from './status-counts.ts';

describe('dashboard status counts', () => {
  it('counts the not-responded as recipients minus accepted, declined and not-available', () => {
    expect(responseCountsOf({ recipient_count: 10, accepted_count: 3, declined_count: 2, not_available_count: 1 })).toEqual({
      accepted: 3,
      declined: 2,
      not_available: 1,
      no_response: 4,
    });
  });

  it('reads missing counters (an action sent before not_available_count existed) as 0', () => {
    expect(responseCountsOf({ recipient_count: 4, accepted_count: 1 })).toEqual({ accepted: 1, declined: 0, not_available: 0, no_response: 3 });
    expect(responseCountsOf({})).toEqual({ accepted: 0, declined: 0, not_available: 0, no_response: 0 });
  });

  it('never counts a negative no-response when the counters ran ahead of recipient_count', () => {
    expect(responseCountsOf({ recipient_count: 2, accepted_count: 2, declined_count: 1 }).no_response).toBe(0);
  });

  it('sums the actions', () => {
    expect(
      sumResponseCounts([
        { accepted: 1, declined: 2, no_response: 3, not_available: 4 },
        { accepted: 10, declined: 0, no_response: 1, not_available: 0 },
      ]),
    ).toEqual({ accepted: 11, declined: 2, no_response: 4, not_available: 4 });
  });

  it('counts the tasks per status, every status present', () => {
    expect(taskStatusCountsOf(['overdue', 'completed', 'overdue', 'all_declined'])).toEqual({
      scheduled: 0,
      ongoing: 0,
      overdue: 2,
      completed: 1,
      all_declined: 1,
    });
    expect(taskStatusCountsOf([])).toEqual({ scheduled: 0, ongoing: 0, overdue: 0, completed: 0, all_declined: 0 });
  });

  it('orders tasks overdue, ongoing, scheduled, all_declined, completed, then by start', () => {
    const tasks = [
      { id: 'c', status: 'completed', start_at: '2026-11-23T06:00:00.000Z' },
      { id: 's', status: 'scheduled', start_at: '2026-11-23T18:00:00.000Z' },
      { id: 'o2', status: 'overdue', start_at: '2026-11-23T07:00:00.000Z' },
      { id: 'd', status: 'all_declined', start_at: '2026-11-23T05:00:00.000Z' },
      { id: 'g', status: 'ongoing', start_at: '2026-11-23T09:00:00.000Z' },
      { id: 'o1', status: 'overdue', start_at: '2026-11-23T06:30:00.000Z' },
    ] as const;
    expect([...tasks].sort(compareDashboardTasks).map((t) => t.id)).toEqual(['o1', 'o2', 'g', 's', 'd', 'c']);
  });

  it('orders actions open first, then newest sent first', () => {
    const actions = [
      { id: 'f-new', state: 'fulfilled', sent_at: '2026-11-23T10:00:00.000Z' },
      { id: 'o-old', state: 'open', sent_at: '2026-11-23T08:00:00.000Z' },
      { id: 'e-old', state: 'expired', sent_at: '2026-11-23T07:00:00.000Z' },
      { id: 'o-new', state: 'open', sent_at: '2026-11-23T09:00:00.000Z' },
    ];
    expect([...actions].sort(compareDashboardActions).map((a) => a.id)).toEqual(['o-new', 'o-old', 'f-new', 'e-old']);
  });
});

describe('task completion percentages', () => {
  it('is 100 for a completed task, else the completed share rounded down, never 100 while open', () => {
    expect(completionPercentOf({ status: 'completed', recipient_count: 5, completed_count: 1 })).toBe(100);
    expect(completionPercentOf({ status: 'ongoing', recipient_count: 3, completed_count: 2 })).toBe(66);
    expect(completionPercentOf({ status: 'overdue', recipient_count: 3, completed_count: 3 })).toBe(99);
    expect(completionPercentOf({ status: 'scheduled', recipient_count: 0, completed_count: 0 })).toBe(0);
  });

  it('weighs the day by recipients, a completed task with all of them; 0 of 0 is 0', () => {
    expect(
      overallPercentOf([
        { status: 'completed', recipient_count: 2, completed_count: 1 },
        { status: 'ongoing', recipient_count: 4, completed_count: 1 },
        { status: 'scheduled', recipient_count: 0, completed_count: 0 },
      ]),
    ).toBe(50);
    expect(overallPercentOf([])).toBe(0);
    expect(overallPercentOf([{ status: 'scheduled', recipient_count: 0, completed_count: 0 }])).toBe(0);
  });
});
