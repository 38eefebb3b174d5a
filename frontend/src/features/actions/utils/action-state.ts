import type { ActionDto, ActionState, ActionStatus } from '@portal/shared/actions/action.schema';
import type { RecipientOptions } from '@portal/shared/recipients/recipient.schema';

export interface StateView {
  state: ActionState;
  /** 1-based, as people count groups. */
  step: number;
  /** Open only: until the current step times out. */
  timeLeftMs: number | null;
}

export function stateView(dto: Pick<ActionDto, 'state' | 'step' | 'step_deadline'>, now: Date): StateView {
  const timeLeftMs = dto.state === 'open' ? Math.max(0, Date.parse(dto.step_deadline) - now.getTime()) : null;
  return { state: dto.state, step: dto.step + 1, timeLeftMs };
}

export interface RecipientRow {
  /** The user's id. */
  id: string;
  name: string;
  /** 1-based group the user was first asked in. */
  group: number;
  response: ActionStatus['responses'][number]['response'];
  answeredAt: Date | null;
  /** When an offline watch was last seen (the broker's disconnect); null while online or never seen. */
  offlineSince: Date | null;
  offline: boolean;
}

/** Per recipient, by group then name; names from the recipient options. */
export function recipientRows(status: Pick<ActionStatus, 'responses'>, options: Pick<RecipientOptions, 'users'> | undefined): RecipientRow[] {
  const names = new Map(options?.users.map((u) => [u.id, `${u.firstname} ${u.lastname}`.trim()]) ?? []);
  return status.responses
    .map((row) => ({
      id: row.user_id,
      name: names.get(row.user_id) || row.user_id,
      group: row.group_number + 1,
      response: row.response,
      answeredAt: row.answered_at ? new Date(row.answered_at) : null,
      offline: !row.online,
      offlineSince: !row.online && row.last_seen_at ? new Date(row.last_seen_at) : null,
    }))
    .sort((a, b) => a.group - b.group || a.name.localeCompare(b.name));
}
