import { moduleSignal } from '../platform/module-signal.ts';

/** An action's `meta`: the template and trigger that made it and, from a firing, the firing's id and instant (decision 0087). */
export interface ActionMeta {
  template_id?: string | null;
  trigger_id?: string | null;
  firing_id?: string;
  firing_at?: string;
}

export interface ActionAccepted {
  orgId: string;
  actionId: string;
  meta: ActionMeta;
}

/**
 * An accept counted (or its envelope repeated) that may be the action's first: nobody else had
 * accepted it when the answer read the row. Automation listens and refreshes the report fact of the
 * firing that made the action (decision 0087: its response time), so actions never call it
 * (decision 0064). Emitted by the answer after its reply; a listener that throws fails the answer,
 * whose envelope comes again as a duplicate, so listeners log rather than throw.
 */
export const actionAccepted = moduleSignal<ActionAccepted>();
