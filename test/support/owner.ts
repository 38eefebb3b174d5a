import type { Role } from '@portal/shared/tenancy/roles';

/** The first member of an organisation a test founds. */
export function ownerOf(userId: string, roles?: Role[], email = `${userId}@owner.test`) {
  return { userId, email, firstname: 'Test', lastname: 'Owner', roles };
}
