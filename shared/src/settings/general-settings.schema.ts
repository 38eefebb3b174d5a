import { array, mixed, object, string, type InferType } from 'yup';
import { FEATURE_FLAG_VALUES, FEATURE_KEYS, type FeatureFlag, type FeatureFlags } from '../tenancy/features.ts';

export const DASHBOARD_VARIANTS = ['tasks', 'actions', 'custom'] as const;
export type DashboardVariant = (typeof DASHBOARD_VARIANTS)[number];

const flag = () => mixed<FeatureFlag>().oneOf([...FEATURE_FLAG_VALUES], 'Feature flag must be enable, disable or disable-and-hide');

/** Settings update (spec 000 §7): the body carries general.features, any subset of the keys. */
export const updateGeneralSettingsSchema = object({
  general: object({
    features: object(Object.fromEntries(FEATURE_KEYS.map((key) => [key, flag()]))).noUnknown('Unknown feature').default(undefined),
    dashboards: array(string().oneOf([...DASHBOARD_VARIANTS], 'Unknown dashboard').required()).default(undefined),
  })
    .required('general is required')
    .noUnknown('Unknown setting'),
});
export type UpdateGeneralSettingsInput = InferType<typeof updateGeneralSettingsSchema>;

export interface GeneralSettingsResponse {
  general: { features: FeatureFlags; dashboards: DashboardVariant[] };
}
