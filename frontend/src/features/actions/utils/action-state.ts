import type { ActionDto, ActionState, ActionStatus } from '@portal/shared/actions/action.schema';
import type { RecipientOptions } from '@portal/shared/recipients/recipient.schema';
import type { StatusTone } from '../../../ui/status-chip.tsx';

/** The chip's tone by meaning: open waits (info), fulfilled succeeded, expired ran out, rejected failed, withdrawn is a plain fact. */
export const STATE_TONES: Record<ActionState, StatusTone> = { open: 'info', fulfilled: 'success', expired: 'warning', rejected: 'danger', withdrawn: 'neutral' };

export type DurationUnit = 'days' | 'hours' | 'minutes' | 'seconds';
const UNITS: Array<[DurationUnit, number]> = [
  ['days', 86_400_000],
  ['hours', 3_600_000],
  ['minutes', 60_000],
  ['seconds', 1_000],
];

/**
 * A duration in its largest two units (spec 000 §9: days, hours, minutes), seconds as well because a
 * step's time-out is often under a minute. Rounded up to the second, so a step never shows 0 while open.
 */
export function durationParts(ms: number): Array<{ unit: DurationUnit; value: number }> {
  let rest = Math.max(0, Math.ceil(ms / 1_000) * 1_000);
  const parts: Array<{ unit: DurationUnit; value: number }> = [];
  for (const [unit, size] of UNITS) {
    const value = Math.floor(rest / size);
    rest -= value * size;
    if (value > 0 || parts.length > 0) parts.push({ unit, value });
  }
  const shown = parts.slice(0, 2).filter((part) => part.value > 0);
  return shown.length ? shown : [{ unit: 'seconds', value: 0 }];
}

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
