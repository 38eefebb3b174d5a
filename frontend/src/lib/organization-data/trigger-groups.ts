/** A trigger group to choose, by id and name (the automation module's trigger groups, spec 001). */
export interface TriggerGroupOption {
  id: string;
  name: string;
}

const NONE: readonly TriggerGroupOption[] = [];

/**
 * The organisation's trigger groups for pickers (a tablet's trigger group). The automation module
 * will supply them from its API; until then the list is empty and pickers offer the ids already
 * stored in general settings, so a stored choice is kept and shown.
 */
export function useTriggerGroupOptions(_orgId: string): readonly TriggerGroupOption[] {
  return NONE;
}
