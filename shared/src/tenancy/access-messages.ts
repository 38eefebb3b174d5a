import { serverMessages } from '../api/server-messages.ts';
/**
 * What the API answers when a request is not let through to a route (decision 0003): no or a bad
 * token (401), an organisation, role or feature the caller may not use (403).
 */
export const ACCESS_MESSAGES = serverMessages('access', {
  authenticationRequired: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  noAccess: 'You do not have access to this organization',
  roleNotAllowed: 'Your role does not allow this action',
  featureDisabled: 'This feature is not enabled for your organization',
} as const);
