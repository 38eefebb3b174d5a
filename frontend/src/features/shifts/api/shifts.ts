import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShiftDto, ShiftInput, ShiftPublishResult, ShiftTemplateDto, ShiftTemplateInput, ShiftWeekDto } from '@portal/shared/shifts/shift.schema';
import { api } from '../../../lib/api.ts';
import { crudResource, type SaveVariables } from '../../../lib/resource-api.ts';

/** Every shifts query of an organisation starts with this key. */
export const shiftsKey = (orgId: string) => ['shifts', orgId] as const;
const weekKey = (orgId: string, week: string) => [...shiftsKey(orgId), 'week', week] as const;

/** POST shifts or PUT shifts/{id}, DELETE shifts/{id}; the weeks shown are read again (a shift may move between weeks). */
const shifts = crudResource<{ item: ShiftDto; input: ShiftInput }>()({
  module: 'shifts',
  key: shiftsKey,
  id: 'shiftId',
  create: 'createShift',
  update: 'updateShift',
  remove: 'deleteShift',
});

/**
 * The organisation's week templates, by name: GET shift-templates, GET shift-templates/{id} (for
 * its apply view), POST shift-templates (save the week) and DELETE shift-templates/{id}.
 */
const templates = crudResource<{ item: ShiftTemplateDto; input: ShiftTemplateInput; list: { items: ShiftTemplateDto[] } }>()({
  module: 'shifts',
  key: (orgId) => [...shiftsKey(orgId), 'templates'] as const,
  id: 'templateId',
  list: 'listShiftTemplates',
  get: 'getShiftTemplate',
  create: 'createShiftTemplate',
  remove: 'deleteShiftTemplate',
});

/** GET shift-weeks/{week}: the week's shifts (and the previous week's running into its Monday), its publish state. */
export function shiftWeekQueryOptions(orgId: string, week: string) {
  return queryOptions({
    queryKey: weekKey(orgId, week),
    queryFn: ({ signal }) => api.request<ShiftWeekDto>('shifts', 'getShiftWeek', { params: { orgId, week }, signal }),
  });
}

export type SaveShiftInput = SaveVariables<'shiftId', ShiftInput>;
export const useSaveShift = shifts.useSave;
export const useDeleteShift = shifts.useDelete;

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

export const shiftTemplatesQueryOptions = (orgId: string) => templates.listQueryOptions(orgId);
export const shiftTemplateQueryOptions = templates.itemQueryOptions;

/** Save the week as a template, delete one; the list is read again. */
export function useShiftTemplateCommands(orgId: string) {
  return { save: templates.useSave(orgId), remove: templates.useDelete(orgId) };
}

/** POST shift-templates/{id}/apply: the template's shifts as drafts of the week, added or instead of its own. */
export function useApplyShiftTemplate(orgId: string, week: string) {
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
