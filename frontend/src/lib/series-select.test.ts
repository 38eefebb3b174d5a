import { describe, expect, it } from 'vitest';
import { selectDecision, type SeriesMeta } from './series-select.ts';

const meta = { is_recurring_root: false, is_recurring_child: false };
const item = (m: Partial<SeriesMeta['meta']>, extra: Partial<SeriesMeta> = {}): SeriesMeta => ({ id: 'n1', meta: { ...meta, ...m }, ...extra });

describe('select/{id}', () => {
  it('a plain item is edited, a root edits its series, a child asks first', () => {
    expect(selectDecision(item({}))).toEqual({ kind: 'edit', id: 'n1' });
    expect(selectDecision(item({ is_recurring_root: true }))).toEqual({ kind: 'edit-recurring', id: 'n1' });
    expect(selectDecision(item({}, { item_type: 'notification_recurring_root' }))).toEqual({ kind: 'edit-recurring', id: 'n1' });
    expect(selectDecision(item({}, { item_type: 'task_recurring_root' }))).toEqual({ kind: 'edit-recurring', id: 'n1' });
    expect(selectDecision(item({ is_recurring_child: true }))).toEqual({ kind: 'ask', id: 'n1' });
  });
});
