import { describe, expect, it } from 'vitest';
import { childMeta, newSeriesMeta, rootMeta, seriesMetaOf } from './series-meta.ts';

describe('series meta', () => {
  it('reads a stored meta with the defaults a row lacks', () => {
    expect(seriesMetaOf(undefined)).toEqual({ is_recurring_root: false, is_recurring_child: false, recurring_root_id: null, trigger_id: null, template_id: null });
    expect(seriesMetaOf({ is_recurring_child: true, recurring_root_id: 'r1', template_id: 't1' })).toEqual({
      is_recurring_root: false,
      is_recurring_child: true,
      recurring_root_id: 'r1',
      trigger_id: null,
      template_id: 't1',
    });
  });

  it('a new item takes its template and trigger from the input; an edit keeps its place in a series', () => {
    expect(newSeriesMeta({ template_id: 't1' })).toEqual({ is_recurring_root: false, is_recurring_child: false, recurring_root_id: null, trigger_id: null, template_id: 't1' });
    const child = childMeta(rootMeta(newSeriesMeta({ trigger_id: 'g1' })), 'root-1');
    expect(newSeriesMeta({ template_id: 't2' }, child)).toEqual({ is_recurring_root: false, is_recurring_child: true, recurring_root_id: 'root-1', trigger_id: null, template_id: 't2' });
  });

  it('a root is no child; a child names its root and keeps the root’s template and trigger', () => {
    const root = rootMeta({ is_recurring_root: false, is_recurring_child: true, recurring_root_id: 'old', trigger_id: 'g1', template_id: 't1' });
    expect(root).toEqual({ is_recurring_root: true, is_recurring_child: false, recurring_root_id: null, trigger_id: 'g1', template_id: 't1' });
    expect(childMeta(root, 'root-9')).toEqual({ is_recurring_root: false, is_recurring_child: true, recurring_root_id: 'root-9', trigger_id: 'g1', template_id: 't1' });
  });
});
