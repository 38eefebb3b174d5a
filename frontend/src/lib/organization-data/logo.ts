import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LogoContentType, LogoResponse } from '@portal/shared/settings/logo.schema';
import { api } from '../api.ts';
import { orgDataKeys } from './query-keys.ts';

/** GET settings/logo (every member): the image as a `data:` URL, or undefined when the organisation has none. */
export function useOrganizationLogo(orgId: string) {
  return useQuery({
    queryKey: orgDataKeys.logo(orgId),
    queryFn: ({ signal }) => api.request<LogoResponse>('settings', 'getLogo', { params: { orgId }, signal }),
    select: ({ logo }) => (logo ? `data:${logo.content_type};base64,${logo.data}` : undefined),
    // A logo changes rarely; the settings page refreshes it after a change.
    staleTime: 10 * 60_000,
  });
}

/** PUT settings/logo (superadmins): the file's bytes as base64 and the type the file claims. */
export function useUploadLogo(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { content_type: LogoContentType; image: string }) => api.request<LogoResponse>('settings', 'putLogo', { params: { orgId }, body: input }),
    onSuccess: (data) => client.setQueryData(orgDataKeys.logo(orgId), data),
  });
}

/** DELETE settings/logo (superadmins): the sidebar falls back to the initial-letter badge. */
export function useRemoveLogo(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.request<void>('settings', 'removeLogo', { params: { orgId } }),
    onSuccess: () => client.setQueryData<LogoResponse>(orgDataKeys.logo(orgId), { logo: null }),
  });
}
