import { mixed, number, object, string } from 'yup';
import { id, PAGE_TOKEN_MAX, text } from '../validation/fields.ts';

/**
 * The template search of spec 001 §7, the same for notification, action and task templates (the
 * kit's template store, functions/src/platform/templates): term, filterBy all, sortBy created,
 * isAscending and token paging.
 */
export const templateSearchQuerySchema = object({
  term: string().trim().max(64, 'Search term must be at most 64 characters').default(''),
  filterBy: mixed<'all'>().oneOf(['all'], 'filterBy must be all').default('all'),
  sortBy: mixed<'created'>().oneOf(['created'], 'sortBy must be created').default('created'),
  isAscending: mixed<'true' | 'false'>().oneOf(['true', 'false'], 'isAscending must be true or false').default('false'),
  token: text(PAGE_TOKEN_MAX, 'token').optional(),
  limit: number().integer('limit must be a whole number').min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').optional(),
});

/** `/…-templates/{templateId}` of an organisation. */
export const templatePathSchema = object({ orgId: id('Organization id').required(), templateId: id('Template id').required() });
