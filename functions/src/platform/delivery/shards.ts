/**
 * Write sharding of per-recipient rows (docs/data-model.md §5): a message to N users spreads its
 * status rows over ceil(N / 250) partition keys (at most 64), so no key takes more than about 250
 * rows of a send, a quarter of DynamoDB's per-key write rate. The shard of a user is fixed by the
 * user id and the count alone, so a receipt finds its row without a lookup.
 */
export const ROWS_PER_SHARD = 250;
export const MAX_SHARDS = 64;

/** FNV-1a, 32 bit: small, fast and stable across runtimes. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  // Ids are ASCII: hash the characters as they are (their UTF-8 bytes), without a Buffer per call.
  if (!/[\u0080-\uffff]/.test(text)) {
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash >>> 0;
  }
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function shardCount(recipients: number): number {
  return Math.min(MAX_SHARDS, Math.max(1, Math.ceil(recipients / ROWS_PER_SHARD)));
}

export function shardOf(userId: string, shards: number): number {
  return fnv1a32(userId) % Math.max(1, shards);
}
