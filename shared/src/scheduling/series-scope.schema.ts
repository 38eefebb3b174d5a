import { mixed, object } from 'yup';

/**
 * 'Just this one' or 'All Occurrences' (spec 000 §4) for an edit or delete of a series' child: the
 * same query for notifications and tasks. 'one' acts on the item, 'all' on the recurring root.
 */
export const seriesScopeQuerySchema = object({
  scope: mixed<'one' | 'all'>().oneOf(['one', 'all'], 'scope must be one or all').default('one'),
});
