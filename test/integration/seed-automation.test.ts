import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { listTriggerGroups } from '../../functions/src/automation/trigger-groups.service.ts';
import { listTriggers, triggerSecret } from '../../functions/src/automation/triggers.service.ts';
import { seedActions } from '../../infra/local/seed-actions.ts';
import { DEMO_FLIC_TRIGGER, DEMO_KIOSK_GROUP, seedAutomation } from '../../infra/local/seed-automation.ts';
import { createIdentity } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

describe('the demo organisation’s automation (infra/local/seed-automation.ts)', () => {
  it('has the Flic trigger "Help at bottle return" with a webhook secret, running the bottle-return action template, and a kiosk trigger group', async () => {
    const email = `seed-${randomUUID().slice(0, 8)}@seed-automation.test`;
    const adminId = await createIdentity(email, 'Seed-Automation-1!');
    const orgId = await foundOrganization({ name: 'Seed Market', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
    const templates = await seedActions(orgId, adminId);
    await seedAutomation(orgId, adminId, templates);

    const triggers = (await listTriggers(orgId)).items;
    const flic = triggers.find((t) => t.name === DEMO_FLIC_TRIGGER);
    expect(flic).toMatchObject({
      type: 'flic-button',
      metadata: { is_external: true },
      is_throttling_enabled: true,
      throttle_duration_in_seconds: 10,
      workflows: [{ id: templates.get('Help at the bottle return'), type: 'action-template' }],
      webhook: { path: `/api/hooks/${orgId}/${flic!.id}` },
    });
    expect(await triggerSecret(orgId, flic!.id)).toMatch(/^whsec_/);

    const groups = (await listTriggerGroups(orgId)).items;
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ name: DEMO_KIOSK_GROUP, type: 'kiosk-app' });
    expect(groups[0]!.trigger_ids).toEqual([flic!.id, triggers.find((t) => t.name === 'Cashier needed')!.id]);
  });
});
