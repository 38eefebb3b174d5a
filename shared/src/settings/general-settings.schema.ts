import { boolean, mixed, object, string, type InferType } from 'yup';
import { serverMessages } from '../api/server-messages.ts';
import { FEATURE_FLAG_VALUES, FEATURE_KEYS, type FeatureFlag, type FeatureFlags } from '../tenancy/features.ts';
import { id, list } from '../validation/fields.ts';
import { DASHBOARD_VARIANTS, type DashboardVariant } from './dashboard-variants.ts';

/** Trigger groups a trigger menu may offer, and tablets one organisation may map. */
export const TRIGGER_MENU_GROUPS_MAX = 100;
export const TABLET_TRIGGER_MAP_MAX = 500;

export { DASHBOARD_VARIANTS, type DashboardVariant } from './dashboard-variants.ts';

/** yup 1.7 strips unknown keys while casting, so `noUnknown` never sees them: check the original. */
const onlyKeys = (keys: readonly string[], message: string) => ({
  name: 'only-known-keys',
  message,
  test: (_: unknown, context: { originalValue?: unknown }) =>
    !context.originalValue || typeof context.originalValue !== 'object' || Object.keys(context.originalValue).every((k) => keys.includes(k)),
});

const flag = () => mixed<FeatureFlag>().oneOf([...FEATURE_FLAG_VALUES], 'Feature flag must be enable, disable or disable-and-hide');

/** The tablets' trigger groups (`/settings/tablet`, decision 0044): one row per tablet. */
export const TABLET_TRIGGER_GROUPS_MESSAGES = serverMessages('tabletTriggerGroups', {
  oneGroupPerTablet: 'A tablet can have only one trigger group',
  notTablet: 'Only tablets have a trigger group',
});

/** A kiosk tablet's trigger group (general settings `tablet.trigger_group_map`), in both bodies that set it. */
const tabletTriggerGroupMap = () =>
  list(
    object({
      device_id: id('device_id').required('device_id is required'),
      trigger_group_id: id('trigger_group_id').required('trigger_group_id is required'),
    }),
    TABLET_TRIGGER_MAP_MAX,
    'Tablet trigger groups',
  ).test('one-per-tablet', TABLET_TRIGGER_GROUPS_MESSAGES.oneGroupPerTablet, (map) => {
    const ids = (map ?? []).map((entry) => entry?.device_id);
    return new Set(ids).size === ids.length;
  });

/** Settings update (spec 000 §7): the body carries general.features, any subset of the keys. */
export const updateGeneralSettingsSchema = object({
  general: object({
    features: object(Object.fromEntries(FEATURE_KEYS.map((key) => [key, flag()])))
      .test(onlyKeys(FEATURE_KEYS, 'Unknown feature'))
      .optional()
      .default(undefined),
    dashboards: list(string().max(20, 'Unknown dashboard').oneOf([...DASHBOARD_VARIANTS], 'Unknown dashboard').required('Unknown dashboard'), DASHBOARD_VARIANTS.length, 'Dashboards').default(undefined),
    is_trigger_menus_enabled: boolean().default(undefined),
    trigger_menus_trigger_group_ids: list(id('Trigger group id').required('Trigger group id is required'), TRIGGER_MENU_GROUPS_MAX, 'Trigger menu groups').default(
      undefined,
    ),
    tablet: object({
      trigger_group_map: tabletTriggerGroupMap().default(undefined),
    })
      .optional()
      .default(undefined),
  })
    .default(undefined)
    .required('general is required')
    .test(onlyKeys(['features', 'dashboards', 'is_trigger_menus_enabled', 'trigger_menus_trigger_group_ids', 'tablet'], 'Unknown setting')),
});
export type UpdateGeneralSettingsInput = InferType<typeof updateGeneralSettingsSchema>;

/** `PUT /settings/tablet-trigger-groups` (managers): the whole map, nothing else of general settings. */
export const tabletTriggerGroupsSchema = object({
  trigger_group_map: tabletTriggerGroupMap().required('trigger_group_map is required'),
})
  .required()
  .test(onlyKeys(['trigger_group_map'], 'Unknown setting'));
export type TabletTriggerGroupsInput = InferType<typeof tabletTriggerGroupsSchema>;

export interface TabletTriggerGroup {
  device_id: string;
  trigger_group_id: string;
}

export interface GeneralSettings {
  features: FeatureFlags;
  dashboards: DashboardVariant[];
  is_trigger_menus_enabled: boolean;
  trigger_menus_trigger_group_ids: string[];
  tablet: { trigger_group_map: TabletTriggerGroup[] };
}

export interface TabletTriggerGroupsResponse {
  trigger_group_map: TabletTriggerGroup[];
}

export interface GeneralSettingsResponse {
  general: GeneralSettings;
}
