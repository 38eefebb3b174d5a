import { describe, expect, it } from 'vitest';
import { loadModel, validateInput, violationMessage, type Model } from './aws-model.ts';

/** A model of one operation, in the botocore form, exercising each kind of rule. */
const model: Model = {
  metadata: {},
  operations: { Put: { name: 'Put', input: { shape: 'PutInput' } } },
  shapes: {
    PutInput: { type: 'structure', required: ['Name', 'Items'], members: { Name: { shape: 'Name' }, Items: { shape: 'Items' }, Tags: { shape: 'Tags' }, Count: { shape: 'Count' }, Choice: { shape: 'Choice' } } },
    Name: { type: 'string', min: 1, max: 8, pattern: '^[a-z]+$' },
    Items: { type: 'list', member: { shape: 'Item' }, max: 2 },
    Item: { type: 'structure', required: ['Mode'], members: { Mode: { shape: 'Mode' }, Blob: { shape: 'Blob' } } },
    Mode: { type: 'string', enum: ['OFF', 'ON'] },
    Blob: { type: 'blob', max: 3 },
    Tags: { type: 'map', key: { shape: 'Name' }, value: { type: 'string' } as never },
    Count: { type: 'integer', min: 0, max: 10 },
    Choice: { type: 'structure', union: true, members: { A: { shape: 'Name' }, B: { shape: 'Count' } } },
  },
};

const check = (input: unknown) => validateInput(model, 'Put', input).map((v) => `${v.kind} ${v.path}`);

describe('the API model validator', () => {
  it('accepts a valid input and ignores members the model does not name', () => {
    expect(check({ Name: 'abc', Items: [{ Mode: 'ON', Blob: Buffer.from('ab').toString('base64') }], Tags: { tag: 'v' }, Count: 10, Choice: { A: 'x' }, Extra: 1 })).toEqual([]);
  });

  it('names every broken rule with its path, through structures, lists and maps', () => {
    expect(check({ Items: [{ Mode: 'MAYBE' }, {}, { Mode: 'ON', Blob: Buffer.alloc(4).toString('base64') }], Tags: { BAD: 'v' }, Count: 11, Choice: { A: 'x', B: 1 } })).toEqual([
      'required name',
      'length items',
      'enum items.1.member.mode',
      'required items.2.member.mode',
      'length items.3.member.blob',
      'pattern tags.BAD.key',
      'range count',
      'union choice',
    ]);
    expect(check({ Name: 'much-too-long', Items: 'no', Count: 1.5 })).toEqual(['length name', 'pattern name', 'type items', 'type count']);
  });

  it("words a failure as AWS's ValidationException does", () => {
    expect(violationMessage(validateInput(model, 'Put', { Name: '', Items: [] }))).toBe(
      "2 validation errors detected: Value '' at 'name' failed to satisfy constraint: Member must have length greater than or equal to 1; Value '' at 'name' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[a-z]+$",
    );
  });

  it('reads the vendored service models, constraints included', () => {
    const scheduler = loadModel('scheduler');
    expect(validateInput(scheduler, 'GetSchedule', { Name: 'ok', GroupName: 'g' })).toEqual([]);
    expect(validateInput(scheduler, 'GetSchedule', { Name: 'x'.repeat(65) }).map((v) => v.kind)).toEqual(['length']);
    expect(validateInput(loadModel('secretsmanager'), 'GetSecretValue', {}).map((v) => v.path)).toEqual(['secretId']);
  });
});
