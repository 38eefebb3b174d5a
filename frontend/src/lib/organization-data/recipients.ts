import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecipientOptions } from '@portal/shared/recipients/recipient.schema';
import { api } from '../api.ts';
import { orgDataKeys } from './query-keys.ts';

/** GET recipients: what the recipient picker offers (everyone, user groups, users, shift activity types), and the names of per-user statuses. */
export function recipientOptionsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: orgDataKeys.recipients(orgId),
    queryFn: ({ signal }) => api.request<RecipientOptions>('users', 'listRecipients', { params: { orgId }, signal }),
    staleTime: 60_000,
  });
}

export function useRecipientOptions(orgId: string) {
  return useQuery(recipientOptionsQueryOptions(orgId));
}
