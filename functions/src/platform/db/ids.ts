import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The one id generator: a ULID (docs/data-model.md: new ids are ULIDs, so `…#{id}` sorts by
 * creation, which the template search's "sort by created" relies on). 10 characters of millisecond
 * time, 16 random ones (80 bits).
 */
export function newId(now: number = Date.now()): string {
  let time = '';
  for (let rest = now, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) time = CROCKFORD[rest % 32] + time;
  // 256 is a multiple of 32, so `byte % 32` is uniform.
  const random = [...randomBytes(16)].map((byte) => CROCKFORD[byte % 32]).join('');
  return time + random;
}
