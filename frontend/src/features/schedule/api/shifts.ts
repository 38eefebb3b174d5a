import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShiftDto, ShiftInput, ShiftPublishResult, ShiftTemplateDto, ShiftWeekDto } from '@portal/shared/shifts/shift.schema';
import { api } from '../../../lib/api.ts';

/** Every shifts query of an organisation starts with this key. */
export const shiftsKey = (orgId: string) => ['shifts', orgId] as const;
const weekKey = (orgId: string, week: string) => [...shiftsKey(orgId), 'week', week] as const;
const templatesKey = (orgId: string) => [...shiftsKey(orgId), 'templates'] as const;

/** GET shift-weeks/{week}: the week's shifts (and the previous week's running into its Monday), its publish state. */
export function shiftWeekQueryOptions(orgId: string, week: string) {
  return queryOptions({
    queryKey: weekKey(orgId, week),
    queryFn: ({ signal }) => api.request<ShiftWeekDto>('shifts', 'getShiftWeek', { params: { orgId, week }, signal }),
  });
}

export type SaveShiftInput = { shiftId?: string; body: ShiftInput };

/** POST shifts or PUT shifts/{id}; the weeks shown are read again (a shift may move between weeks). */
export function useSaveShift(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ shiftId, body }: SaveShiftInput) =>
      shiftId
        ? api.request<ShiftDto>('shifts', 'updateShift', { params: { orgId, shiftId }, body })
        : api.request<ShiftDto>('shifts', 'createShift', { params: { orgId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: shiftsKey(orgId) }),
  });
}

/** DELETE shifts/{id}. */
export function useDeleteShift(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shiftId: string) => api.request<void>('shifts', 'deleteShift', { params: { orgId, shiftId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: shiftsKey(orgId) }),
  });
}

/** POST shift-weeks/{week}/publish or copy-previous: both answer with the week as it now is. */
export function useWeekCommand(orgId: string, week: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (command: 'publish' | 'copy') =>
      command === 'publish'
        ? (await api.request<ShiftPublishResult>('shifts', 'publishShiftWeek', { params: { orgId, week } })).week
        : api.request<ShiftWeekDto>('shifts', 'copyPreviousShiftWeek', { params: { orgId, week } }),
    onSuccess: (updated) => client.setQueryData(weekKey(orgId, week), updated),
  });
}

/** GET shift-templates: the organisation's week templates, by name. */
export function shiftTemplatesQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: templatesKey(orgId),
    queryFn: ({ signal }) => api.request<{ items: ShiftTemplateDto[] }>('shifts', 'listShiftTemplates', { params: { orgId }, signal }),
  });
}

/** GET shift-templates/{id}: one template, for its apply view. */
export function shiftTemplateQueryOptions(orgId: string, templateId: string) {
  return queryOptions({
    queryKey: [...templatesKey(orgId), templateId] as const,
    queryFn: ({ signal }) => api.request<ShiftTemplateDto>('shifts', 'getShiftTemplate', { params: { orgId, templateId }, signal }),
  });
}

/** POST shift-templates (save the week) and DELETE shift-templates/{id}; the list is read again. */
export function useTemplateCommands(orgId: string) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: templatesKey(orgId) });
  const save = useMutation({
    mutationFn: (body: { name: string; week: string }) => api.request<ShiftTemplateDto>('shifts', 'createShiftTemplate', { params: { orgId }, body }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (templateId: string) => api.request<void>('shifts', 'deleteShiftTemplate', { params: { orgId, templateId } }),
    onSuccess,
  });
  return { save, remove };
}

/** POST shift-templates/{id}/apply: the template's shifts as drafts of the week, added or instead of its own. */
export function useApplyTemplate(orgId: string, week: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, replace }: { templateId: string; replace: boolean }) =>
      api.request<ShiftWeekDto>('shifts', 'applyShiftTemplate', { params: { orgId, templateId }, body: { week, replace } }),
    onSuccess: (updated) => client.setQueryData(weekKey(orgId, week), updated),
  });
}

/** The week as the cache holds it (after a save has read it again). */
export function useCachedWeek(orgId: string, week: string): () => ShiftWeekDto | undefined {
  const client = useQueryClient();
  return () => client.getQueryData(weekKey(orgId, week));
}
