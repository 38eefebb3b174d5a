import { object, string, type InferType } from 'yup';

/** Path parameters of every organisation-scoped route. */
export const orgPathSchema = object({
  orgId: string().required('Organization id is required'),
});
export type OrgPath = InferType<typeof orgPathSchema>;

/** What `GET /api/organizations` returns per organisation. */
export interface OrganizationSummary {
  id: string;
  name: string;
  time_zone: string;
  roles: string[];
}
