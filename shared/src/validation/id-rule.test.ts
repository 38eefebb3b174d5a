import { describe, expect, it } from 'vitest';
import { parseTaskDownlink } from '../devices/task-messages.ts';
import { taskTemplateSchema } from '../tasks/task.schema.ts';
import { isWellFormedId } from './id-rule.ts';
import { ID_MAX } from './limits.ts';

/** Ids a client might send: every one the API takes must be one the watch reads (issue 28). */
const IDS = ['c1', '01J9ZK3W6D', ' ', 'ä-ß', 'a#b', '#', 'c#1', '', 'x'.repeat(ID_MAX), 'x'.repeat(ID_MAX + 1)];

const templateWith = (id: string) => ({ task: { content: { title: { text: 'Open' }, checklist: [{ id, title: { text: 'Lights' } }] } } });
const watchReads = (id: string) =>
  parseTaskDownlink('task', { kind: 'task', task_id: 't1', title: 'Open', checklist: [{ id, title: 'Lights', is_checked: false }], end: '2026-05-01T08:00:00Z' }) !== undefined;
const apiTakes = (id: string) => taskTemplateSchema.isValidSync(templateWith(id));

describe('the one id rule', () => {
  it('is non-empty text up to ID_MAX characters without #', () => {
    expect(IDS.filter(isWellFormedId)).toEqual(['c1', '01J9ZK3W6D', ' ', 'ä-ß', 'x'.repeat(ID_MAX)]);
    for (const other of [undefined, null, 7, ['a'], { id: 'a' }]) expect(isWellFormedId(other)).toBe(false);
  });

  it.each(IDS.map((id) => [id.length > 20 ? `${id.length} characters` : JSON.stringify(id), id]))(
    'checklist item id %s: the schema takes it exactly when the watch reads it',
    (_, id) => {
      expect(apiTakes(id)).toBe(watchReads(id));
    },
  );

  it('names the field and says why', async () => {
    await expect(taskTemplateSchema.validate(templateWith('a#b'))).rejects.toMatchObject({
      path: 'task.content.checklist[0].id',
      message: 'Checklist item id must not contain #',
    });
  });
});
