import { queryOptions } from '@tanstack/react-query';
import type { RecipientOptions } from '@portal/shared/recipients/recipient.schema';
import { api } from '../../../lib/api.ts';

/** GET recipients: what the picker offers, and the names of the per-user statuses. */
export function recipientOptionsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ['recipients', orgId],
    queryFn: ({ signal }) => api.request<RecipientOptions>('users', 'listRecipients', { params: { orgId }, signal }),
    staleTime: 60_000,
  });
}
