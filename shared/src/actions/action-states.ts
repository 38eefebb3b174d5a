/**
 * Where an action stands. open: waiting for answers at `step`; fulfilled: the threshold was met;
 * expired: the last step timed out unmet; rejected: the declines made the threshold impossible
 * after the last group was asked; withdrawn: deleted while open.
 */
export const ACTION_STATES = ['open', 'fulfilled', 'expired', 'rejected', 'withdrawn'] as const;
export type ActionState = (typeof ACTION_STATES)[number];

/** Per-recipient response (spec 000 §4). */
export const ACTION_RESPONSES = ['accepted', 'declined', 'no-response', 'not-available'] as const;
export type ActionResponse = (typeof ACTION_RESPONSES)[number];
