import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_KINDS, type AuditEntryDto } from '@portal/shared/audit/audit.schema';
import { LANGUAGES } from '@portal/shared/constants';
import { resources } from '../../../lib/i18n-resources.ts';
import { actorName, auditCsvRows, auditWords, type AuditWords } from './audit-entries.ts';

const words: AuditWords = {
  kind: (kind) => `kind:${kind}`,
  action: (action) => `action:${action}`,
  field: (field) => ({ firstname: 'First name', password: 'Password' })[field] ?? field,
  target: (entry) => `target:${entry.target_name}`,
  redacted: (field) => `${field} changed`,
  none: '—',
  notRecorded: '(not recorded)',
  header: ['Time', 'Person', 'Person id', 'Kind', 'Action', 'Target', 'Target id', 'Field', 'Before', 'After'],
};

const entry = (changes: AuditEntryDto['changes'], at = '2026-11-29T17:04:05.000Z'): AuditEntryDto => ({
  id: 'entry-1',
  at,
  actor_id: 'user-1',
  actor_name: 'boss@example.com',
  kind: 'user',
  action: 'updated',
  target_id: 'user-2',
  target_name: 'Anna Berg',
  changes,
});

describe("the audit trail's entries as shown and exported (issue 32)", () => {
  it("names the actor by their current name, else by the name the entry kept", () => {
    expect(actorName(entry([]), new Map([['user-1', 'Bea Boss']]))).toBe('Bea Boss');
    expect(actorName(entry([]), new Map())).toBe('boss@example.com');
  });

  it('exports a row per changed field with the time in the zone, and one row for an entry without fields', () => {
    const rows = auditCsvRows(
      [entry([{ field: 'firstname', before: 'Ana', after: 'Anna' }, { field: 'password', before: null, after: null, redacted: true }]), entry([], '2026-07-01T03:00:00.000Z')],
      new Map([['user-1', 'Bea Boss']]),
      words,
      'Europe/Berlin',
    );
    expect(rows).toEqual([
      words.header,
      ['2026-11-29T18:04:05+01:00', 'Bea Boss', 'user-1', 'kind:user', 'action:updated', 'target:Anna Berg', 'user-2', 'First name', 'Ana', 'Anna'],
      ['2026-11-29T18:04:05+01:00', 'Bea Boss', 'user-1', 'kind:user', 'action:updated', 'target:Anna Berg', 'user-2', 'Password', null, '(not recorded)'],
      ['2026-07-01T05:00:00+02:00', 'Bea Boss', 'user-1', 'kind:user', 'action:updated', 'target:Anna Berg', 'user-2', null, null, null],
    ]);
  });
});

describe("the trail's words in each language", () => {
  it.each(LANGUAGES)('%s names every kind and action, a known field, a flag, and keeps an unknown field as stored', async (language) => {
    const i18n = createInstance();
    await i18n.init({ lng: language, resources, ns: ['audit', 'app'], defaultNS: 'audit', interpolation: { escapeValue: false } });
    const words = auditWords(i18n.getFixedT(language, 'audit'));
    for (const kind of AUDIT_KINDS) expect(words.kind(kind), kind).not.toMatch(/^kinds\./);
    for (const action of AUDIT_ACTIONS) expect(words.action(action), action).not.toMatch(/^actions\./);
    expect(words.field('firstname')).toBe(language === 'de' ? 'Vorname' : 'First name');
    expect(words.field('shift_planner')).toBe(language === 'de' ? 'Schichtplaner' : 'Shift Planner');
    expect(words.field('tablet.trigger_group_map')).toBe('tablet.trigger_group_map');
    expect(words.field('no_such_field')).toBe('no_such_field');
    // A settings section by its name, a user by the name the entry kept (even one that reads like a key).
    expect(words.target({ kind: 'feature_flags', target_name: 'general' })).toBe(language === 'de' ? 'Allgemeine Einstellungen' : 'General settings');
    expect(words.target({ kind: 'user', target_name: 'general' })).toBe('general');
    expect(words.header).toHaveLength(10);
  });
});
