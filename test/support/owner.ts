import type { Role } from '@portal/shared/tenancy/roles';

/** The first member of an organisation a test founds. */
export function ownerOf(userId: string, roles?: Role[], email = `${userId}@owner.test`) {
  return { userId, email, firstname: 'Test', lastname: 'Owner', roles };
}

/** Who a test's own setup writes are by (through the services, outside a request): the audit trail records an actor for each. */
export const SETUP_ACTOR = { userId: 'test-setup' };
