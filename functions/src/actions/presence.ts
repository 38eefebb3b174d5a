import type { Presence } from './action-status.ts';

/**
 * Whether the users can be reached now (a device assigned, or a watch-emulator connection) and when
 * they were last seen. The devices module reports it (devices/public.ts `presenceOfUsers`, from the
 * broker's connect and disconnect); until it does, nobody is reported and every user asked counts
 * as reachable, so only a failed publish makes a user not-available.
 */
export async function presenceOf(_orgId: string, _userIds: readonly string[]): Promise<ReadonlyMap<string, Presence>> {
  return new Map();
}
