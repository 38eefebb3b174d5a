import { object, type InferType } from 'yup';
import type { FeatureFlags } from '../tenancy/features.ts';
import { id } from '../validation/fields.ts';
import type { Role } from '../tenancy/roles.ts';

/** Path parameters of every organisation-scoped route. */
export const orgPathSchema = object({
  orgId: id('Organization id').required('Organization id is required'),
});
export type OrgPath = InferType<typeof orgPathSchema>;

/** What `GET /api/organizations` returns per organisation. */
export interface OrganizationSummary {
  id: string;
  name: string;
  time_zone: string;
  roles: Role[];
}

/** What `GET /api/organizations/{orgId}/settings/features` returns. */
export interface FeatureSettingsResponse {
  features: FeatureFlags;
  /** Dashboard variants switched on; the dashboard entry is enabled only if one is. */
  dashboards: string[];
}
