import { describe, expect, it } from 'vitest';
import { AUDIT_CHANGES_MAX, AUDIT_VALUE_MAX } from '@portal/shared/audit/audit.schema';
import { auditText, changedFields } from './changes.ts';

describe('audit changes', () => {
  it('turns values into text: lists and objects as JSON, keys in one order', () => {
    expect(auditText('Anna')).toBe('Anna');
    expect(auditText(30)).toBe('30');
    expect(auditText(false)).toBe('false');
    expect(auditText(null)).toBeNull();
    expect(auditText(undefined)).toBeNull();
    expect(auditText(['a', 'b'])).toBe('["a","b"]');
    expect(auditText({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
  });

  it('names only the fields that changed, with their values before and after', () => {
    const before = { name: 'Door', type: 'button', trigger_ids: ['a', 'b'], gone: 'x' };
    const after = { name: 'Front door', type: 'button', trigger_ids: ['b', 'a'], added: true };
    expect(changedFields({ before, after })).toEqual([
      { field: 'name', before: 'Door', after: 'Front door' },
      { field: 'trigger_ids', before: '["a","b"]', after: '["b","a"]' },
      { field: 'added', before: null, after: 'true' },
      { field: 'gone', before: 'x', after: null },
    ]);
  });

  it('lists every set field of something created and of something deleted', () => {
    expect(changedFields({ before: null, after: { name: 'Watch', user_id: null } })).toEqual([{ field: 'name', before: null, after: 'Watch' }]);
    expect(changedFields({ before: { name: 'Watch' }, after: null })).toEqual([{ field: 'name', before: 'Watch', after: null }]);
  });

  it('treats maps whose keys come back in another order as unchanged', () => {
    expect(changedFields({ before: { v: { a: 1, b: 2 } }, after: { v: { b: 2, a: 1 } } })).toEqual([]);
  });

  it('redacts the named fields: named, never their values', () => {
    const changes = changedFields({ before: { pin: 'hash-1', name: 'A' }, after: { pin: 'hash-2', name: 'A' }, redact: ['pin'] });
    expect(changes).toEqual([{ field: 'pin', before: null, after: null, redacted: true }]);
    expect(JSON.stringify(changes)).not.toMatch(/hash/);
    expect(changedFields({ before: { pin: 'same' }, after: { pin: 'same' }, redact: ['pin'] })).toEqual([]);
  });

  it('cuts long values to AUDIT_VALUE_MAX, and compares them uncut', () => {
    const long = 'x'.repeat(AUDIT_VALUE_MAX + 50);
    const [change] = changedFields({ before: { text: long }, after: { text: `${long}y` } });
    expect(change!.before).toHaveLength(AUDIT_VALUE_MAX);
    expect(change!.after).toHaveLength(AUDIT_VALUE_MAX);
    expect(change!.after!.endsWith('…')).toBe(true);
  });

  it('keeps at most AUDIT_CHANGES_MAX fields', () => {
    const after = Object.fromEntries(Array.from({ length: AUDIT_CHANGES_MAX + 5 }, (_, i) => [`f${i}`, i]));
    expect(changedFields({ before: {}, after })).toHaveLength(AUDIT_CHANGES_MAX);
  });
});
