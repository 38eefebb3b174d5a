import { describe, expect, it } from 'vitest';
import { auditFilterOf, auditQuery, defaultRange, exportFileName, withAuditFilter } from './audit-filter.ts';

const TODAY = '2026-11-29';
const params = (text: string) => new URLSearchParams(text);

describe("the audit trail's filter in the query (issue 32)", () => {
  it('defaults to the last 30 days to today, everyone and every kind', () => {
    expect(defaultRange(TODAY)).toEqual({ from: '2026-10-31', to: TODAY });
    expect(auditFilterOf(params(''), TODAY)).toEqual({ from: '2026-10-31', to: TODAY, person: '', kind: '' });
  });

  it('reads what the query names, and the default for what is malformed', () => {
    expect(auditFilterOf(params('from=2026-01-01&to=2026-02-01&person=user-1&kind=access_level'), TODAY)).toEqual({ from: '2026-01-01', to: '2026-02-01', person: 'user-1', kind: 'access_level' });
    expect(auditFilterOf(params('from=yesterday&to=2026-2-1&kind=roles'), TODAY)).toEqual({ from: '2026-10-31', to: TODAY, person: '', kind: '' });
  });

  it('writes a change into the query, an emptied value leaving it out, other parameters kept', () => {
    const next = withAuditFilter(params('developer-mode=true&person=user-1'), { kind: 'device', person: '' });
    expect(next.toString()).toBe('developer-mode=true&kind=device');
  });

  it("asks the API by its own names, leaving out what is everyone's", () => {
    expect(auditQuery({ from: '2026-11-01', to: TODAY, person: '', kind: '' })).toEqual({ from: '2026-11-01', to: TODAY });
    expect(auditQuery({ from: '2026-11-01', to: TODAY, person: 'user-1', kind: 'trigger' })).toEqual({ from: '2026-11-01', to: TODAY, actor_id: 'user-1', kind: 'trigger' });
  });

  it('names the export after its range', () => {
    expect(exportFileName({ from: '2026-11-01', to: TODAY, person: '', kind: '' })).toBe('audit-2026-11-01_2026-11-29.csv');
  });
});
