import { describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES } from '@portal/shared/audit/audit.schema';
import { auditRange } from './audit-range.ts';

// 23:30 in Berlin on 23 November (UTC+1): the organisation's today is the 23rd, UTC's already too.
const NOW = new Date('2026-11-23T22:30:00Z');
const ZONE = 'Europe/Berlin';

describe('the audit range', () => {
  it("covers the last 30 of the organisation's days to today by default", () => {
    expect(auditRange(ZONE, NOW, {})).toEqual({ start: '2026-10-24T22:00:00.000Z', end: '2026-11-23T23:00:00.000Z' });
    expect(auditRange('Pacific/Auckland', NOW, {})).toMatchObject({ end: '2026-11-24T11:00:00.000Z' });
  });

  it('runs from the first instant of `from` to the end of `to`, across a clock change', () => {
    expect(auditRange(ZONE, NOW, { from: '2026-03-28', to: '2026-03-29' })).toEqual({ start: '2026-03-27T23:00:00.000Z', end: '2026-03-29T22:00:00.000Z' });
    expect(auditRange(ZONE, NOW, { to: '2026-11-01' })).toMatchObject({ start: '2026-10-02T22:00:00.000Z' });
  });

  it('refuses a reversed range and one longer than the trail keeps', () => {
    expect(() => auditRange(ZONE, NOW, { from: '2026-11-24' })).toThrow(AUDIT_MESSAGES.rangeReversed);
    expect(() => auditRange(ZONE, NOW, { from: '2026-11-02', to: '2026-11-01' })).toThrow(AUDIT_MESSAGES.rangeReversed);
    expect(auditRange(ZONE, NOW, { from: '2025-01-01', to: '2025-12-31' })).toMatchObject({ end: '2025-12-31T23:00:00.000Z' }); // 365 days
    expect(() => auditRange(ZONE, NOW, { from: '2025-01-01', to: '2026-01-01' })).toThrow(AUDIT_MESSAGES.rangeTooLong);
  });

  it('starts no earlier than the trail keeps, so an entry past its TTL is never shown', () => {
    expect(auditRange(ZONE, NOW, { from: '2025-11-20', to: '2025-11-30' })).toEqual({ start: '2025-11-23T22:30:00.000Z', end: '2025-11-30T23:00:00.000Z' });
    expect(auditRange(ZONE, NOW, { from: '2025-11-01', to: '2025-11-10' })).toBeNull();
  });
});
