import { describe, expect, it } from 'vitest';
import { nameRefOf, namesFrom, sourcesOf } from './name-refs.ts';

describe("what names a report row's value (decision 0087)", () => {
  it('reads templates, triggers and people by id; a checklist label is its own name', () => {
    expect(nameRefOf('TEMPLATE', 't1')).toEqual({ source: 'template', id: 't1' });
    expect(nameRefOf('TRIGGER', 'tr1')).toEqual({ source: 'trigger', id: 'tr1' });
    expect(nameRefOf('PERSON', 'u1')).toEqual({ source: 'person', id: 'u1' });
    expect(nameRefOf('CHECK', 'Lock the door')).toBe('itself');
  });

  it('reads recipient entries by their type; none for `-`, `…:*`, hours and unknown shapes', () => {
    expect(nameRefOf('GROUP', 'user_group:g1')).toEqual({ source: 'group', id: 'g1' });
    expect(nameRefOf('GROUP', 'everyone:g0')).toEqual({ source: 'group', id: 'g0' });
    expect(nameRefOf('GROUP', 'shift_activity_type:a1')).toEqual({ source: 'activity', id: 'a1' });
    expect(nameRefOf('ACTIVITY', 'shift_activity_type:a1')).toEqual({ source: 'activity', id: 'a1' });
    expect(nameRefOf('ACTIVITY', 'a1')).toEqual({ source: 'activity', id: 'a1' });
    for (const [dimension, value] of [['GROUP', 'user:*'], ['GROUP', 'other:*'], ['GROUP', 'everyone:*'], ['TEMPLATE', '-'], ['HOUR', '07'], ['GROUP', 'g1'], ['ACTIVITY', 'user_group:g1']]) {
      expect(nameRefOf(dimension!, value!), `${dimension} ${value}`).toBeNull();
    }
  });

  it('knows the sources of a dimension before its rows, and names what they hold (null for the rest)', () => {
    expect(['TEMPLATE', 'TRIGGER', 'GROUP', 'ACTIVITY', 'PERSON', 'CHECK', 'HOUR'].map((dimension) => [dimension, sourcesOf(dimension)])).toEqual([
      ['TEMPLATE', ['template']],
      ['TRIGGER', ['trigger']],
      ['GROUP', ['group', 'activity']],
      ['ACTIVITY', ['activity']],
      ['PERSON', ['person']],
      ['CHECK', []],
      ['HOUR', []],
    ]);
    const values = ['user_group:g1', 'shift_activity_type:a1', 'user:*', 'user_group:g2'];
    const read = new Map([['group', new Map([['g1', 'Floor']])], ['activity', new Map([['a1', 'Till']])]] as const);
    expect(namesFrom('GROUP', values, read)).toEqual(new Map([['user_group:g1', 'Floor'], ['shift_activity_type:a1', 'Till'], ['user:*', null], ['user_group:g2', null]]));
    expect(namesFrom('CHECK', ['Mop'], new Map())).toEqual(new Map([['Mop', 'Mop']]));
  });
});
