import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { searchTemplates } from '../../functions/src/tasks/templates.service.ts';
import { DEMO_TASK_TEMPLATES, seedTasks } from '../../infra/local/seed-tasks.ts';
import { createIdentity } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

describe('the demo organisation’s task templates (infra/local/seed-tasks.ts)', () => {
  it('are stored through the tasks template store, in order, found by the template search', async () => {
    const email = `seed-${randomUUID().slice(0, 8)}@seed-tasks.test`;
    const adminId = await createIdentity(email, 'Seed-Tasks-1!');
    const orgId = await foundOrganization({ name: 'Seed Market', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
    await seedTasks(orgId, adminId);

    const page = await searchTemplates(orgId, { isAscending: 'true' });
    expect(page.items.map((t) => t.title)).toEqual(['Opening checklist', 'Closing checklist', 'Clean the bottle return']);
    expect(page.items.map((t) => ({ task: t.task }))).toEqual(DEMO_TASK_TEMPLATES);
    expect(page.items.every((t) => t.created_by === adminId)).toBe(true);
    expect((await searchTemplates(orgId, { term: 'bottle' })).items.map((t) => t.title)).toEqual(['Clean the bottle return']);
  });
});
