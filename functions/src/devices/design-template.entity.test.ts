import { describe, expect, it } from 'vitest';
import { DesignTemplateKind } from './design-template.entity.ts';

describe('design template kind', () => {
  it('writes the rows exactly as before: DESIGNTEMPLATE# keys, the designTemplate entity, camelCase fields', () => {
    const item = { orgId: 'org-1', templateId: 'T1', name: 'Lobby', design_settings: { theme: 'dark' }, createdAt: 'c', updatedAt: 'u' };
    expect((DesignTemplateKind.table as any).create(item).params().Item).toEqual({
      pk: 'ORG#org-1',
      sk: 'DESIGNTEMPLATE#T1',
      __edb_e__: 'designTemplate',
      __edb_v__: '1',
      ...item,
    });
  });

  it('lists (AP36) by the DESIGNTEMPLATE# prefix with ids and names only', () => {
    const params = (DesignTemplateKind.table as any).query.byId({ orgId: 'org-1' }).params({ attributes: ['templateId', 'name'] });
    expect(params).toMatchObject({ KeyConditionExpression: '#pk = :pk and begins_with(#sk1, :sk1)', ExpressionAttributeValues: { ':pk': 'ORG#org-1', ':sk1': 'DESIGNTEMPLATE#' } });
    expect(params.ProjectionExpression).not.toMatch(/design_settings/);
  });
});
