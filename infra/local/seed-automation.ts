import { triggerGroupSchema, triggerSchema } from '@portal/shared/automation/automation.schema';
import { logger } from './log.ts';

/** The demo's Flic button: a press asks everyone for help at the bottle return (the action template of seed-actions.ts). */
export const DEMO_FLIC_TRIGGER = 'Help at bottle return';
export const DEMO_KIOSK_GROUP = 'Shop floor kiosk';

/**
 * The demo organisation's automation on its first start (issue 16), through the services the API
 * uses: the Flic trigger "Help at bottle return" (external, so it has a webhook; 10 s between
 * pushes) and a kiosk tablet's trigger group with it and "Cashier needed". The webhook secret is
 * shown once, as on the page: here in the start-up log, with the curl example; the trigger's page
 * rotates it for a new one.
 */
export async function seedAutomation(orgId: string, userId: string, actionTemplates: ReadonlyMap<string, string>): Promise<void> {
  const [triggers, groups] = await Promise.all([
    import('../../functions/src/automation/triggers.service.ts'),
    import('../../functions/src/automation/trigger-groups.service.ts'),
  ]);
  const template = (title: string) => {
    const id = actionTemplates.get(title);
    if (!id) throw new Error(`The demo action template '${title}' is missing`);
    return [{ id, type: 'action-template' as const }];
  };
  const flic = await triggers.createTrigger(
    orgId,
    { userId },
    triggerSchema.validateSync({
      name: DEMO_FLIC_TRIGGER,
      type: 'flic-button',
      workflows: template('Help at the bottle return'),
      metadata: { is_external: true },
      is_throttling_enabled: true,
      throttle_duration_in_seconds: 10,
    }),
  );
  const cashier = await triggers.createTrigger(
    orgId,
    { userId },
    triggerSchema.validateSync({
      name: 'Cashier needed',
      type: 'tablet-kiosk-button',
      workflows: template('Cashier needed at till 3'),
      metadata: { is_external: false },
      is_throttling_enabled: true,
      throttle_duration_in_seconds: 30,
    }),
  );
  await groups.createTriggerGroup(
    orgId,
    { userId },
    triggerGroupSchema.validateSync({
      name: DEMO_KIOSK_GROUP,
      description: 'The buttons of the kiosk tablet at the entrance',
      type: 'kiosk-app',
      trigger_ids: [flic.id, cashier.id],
    }),
  );
  if (flic.webhook && flic.secret) {
    // On the portal's port (PORT, as infra/local/main.ts reads it); the trigger's page shows the whole URL.
    const origin = `http://localhost:${process.env.PORT ?? 3000}`;
    logger.info(`Demo Flic trigger '${DEMO_FLIC_TRIGGER}': curl -X POST -H 'x-webhook-secret: ${flic.secret}' ${origin}${flic.webhook.path}`);
  }
}
