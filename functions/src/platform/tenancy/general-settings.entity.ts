import { Entity } from 'electrodb';
import { FEATURE_FLAG_VALUES, FEATURE_KEYS, type FeatureKey } from '@portal/shared/tenancy/features';
import { entityConfig } from '../db/client.ts';
import { key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

const flag = { type: FEATURE_FLAG_VALUES } as const;

/**
 * The organisation's general settings, one item beside the organisation (spec 001 §7: settings
 * update carries general.features). Read on every feature-gated request, so it is a single GetItem.
 */
export const GeneralSettingsEntity = lazy(() => new Entity(
  {
    model: { entity: 'generalSettings', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      features: {
        type: 'map',
        // One property per feature flag: a new module's flag is stored without touching this file.
        properties: Object.fromEntries(FEATURE_KEYS.map((feature) => [feature, flag])) as Record<FeatureKey, typeof flag>,
      },
      /** Dashboard variants (tasks, actions, custom) switched on; the dashboard entry needs one. A list, since a DynamoDB set cannot be empty. */
      dashboards: { type: 'list', items: { type: 'string' } },
      /** Trigger menus on watches (spec 001 §6): users may get one only when this is on. */
      isTriggerMenusEnabled: { type: 'boolean', field: 'is_trigger_menus_enabled' },
      /** The trigger groups a user's trigger menu may be chosen from. */
      triggerMenusTriggerGroupIds: { type: 'list', items: { type: 'string' }, field: 'trigger_menus_trigger_group_ids' },
      /** tablet.trigger_group_map (spec 001 §3): which trigger group each kiosk tablet shows. */
      tabletTriggerGroupMap: {
        type: 'list',
        field: 'tablet_trigger_group_map',
        items: { type: 'map', properties: { device_id: { type: 'string', required: true }, trigger_group_id: { type: 'string', required: true } } },
      },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'SETTINGS', 'general'),
      },
    },
  },
  entityConfig(),
));
