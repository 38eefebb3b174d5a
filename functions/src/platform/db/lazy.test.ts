import { Entity, Service } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { lazy } from './lazy.ts';

const model = (entity: string) => ({
  model: { entity, version: '1', service: 'portal' },
  attributes: { orgId: { type: 'string', required: true }, id: { type: 'string', required: true } },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['orgId'], template: 'ORG#${orgId}', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: `${entity.toUpperCase()}#\${id}`, casing: 'none' },
    },
  },
}) as const;

describe('lazy', () => {
  it('builds nothing until first used, then once', () => {
    let builds = 0;
    const value = lazy(() => ({ built: ++builds, twice: (n: number) => n * 2 }));
    expect(builds).toBe(0);
    expect(value.built).toBe(1);
    expect(value.twice(2)).toBe(4);
    expect(builds).toBe(1);
  });

  it('stands in for an ElectroDB entity, alone and joined in a Service', () => {
    const Thing = lazy(() => new Entity(model('thing'), { table: 'portal' }));
    const Other = lazy(() => new Entity(model('other'), { table: 'portal' }));
    expect(Thing).toBeInstanceOf(Entity);
    expect(Thing.get({ orgId: 'o1', id: 't1' }).params()).toEqual({ TableName: 'portal', Key: { pk: 'ORG#o1', sk: 'THING#t1' } });
    const both = lazy(() => new Service({ thing: Thing, other: Other }, { table: 'portal' }));
    expect(both.entities.other.get({ orgId: 'o1', id: 'x' }).params()).toEqual({ TableName: 'portal', Key: { pk: 'ORG#o1', sk: 'OTHER#x' } });
  });
});
