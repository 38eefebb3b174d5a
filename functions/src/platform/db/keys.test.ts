import { Entity } from 'electrodb';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { attr, key, orgKey } from './keys.ts';

describe('keys', () => {
  it('joins literal segments and composites with #, the composites in their order', () => {
    expect(orgKey('gsi1pk', 'NOTIFS', attr('listState'))).toEqual({
      field: 'gsi1pk', composite: ['orgId', 'listState'], template: 'ORG#${orgId}#NOTIFS#${listState}', casing: 'none',
    });
    expect(key('gsi1sk', attr('listAt'), attr('notificationId'))).toEqual({
      field: 'gsi1sk', composite: ['listAt', 'notificationId'], template: '${listAt}#${notificationId}', casing: 'none',
    });
    expect(key('sk', 'SETTINGS', 'general')).toEqual({ field: 'sk', composite: [], template: 'SETTINGS#general', casing: 'none' });
  });

  it('keeps the composites literal, so ElectroDB types the keys of its operations', () => {
    expectTypeOf(orgKey('pk', 'NOTIF', attr('notificationId')).composite).toEqualTypeOf<['orgId', 'notificationId']>();
    expectTypeOf(key('sk', 'SETTINGS', 'general').composite).toEqualTypeOf<[]>();
    const thing = new Entity(
      {
        model: { entity: 'thing', version: '1', service: 'portal' },
        attributes: { orgId: { type: 'string', required: true }, thingId: { type: 'string', required: true } },
        indexes: { byId: { pk: orgKey('pk'), sk: key('sk', 'THING', attr('thingId')) } },
      },
      { table: 'portal' },
    );
    expect(thing.get({ orgId: 'o1', thingId: 't1' }).params()).toEqual({ TableName: 'portal', Key: { pk: 'ORG#o1', sk: 'THING#t1' } });
    // @ts-expect-error the sort key's composite is missing
    expect(() => thing.get({ orgId: 'o1' }).params()).toThrow();
  });
});
