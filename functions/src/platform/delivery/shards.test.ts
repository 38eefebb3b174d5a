import { describe, expect, it } from 'vitest';
import { fnv1a32, shardCount, shardOf } from './shards.ts';

describe('recipient shards', () => {
  it('uses one shard per 250 recipients, at least 1 and at most 64', () => {
    expect(shardCount(0)).toBe(1);
    expect(shardCount(250)).toBe(1);
    expect(shardCount(251)).toBe(2);
    expect(shardCount(5_000)).toBe(20);
    expect(shardCount(16_000)).toBe(64);
    expect(shardCount(100_000)).toBe(64);
  });

  it('hashes with FNV-1a 32 (reference values) and spreads users evenly', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    const counts = new Array(20).fill(0);
    for (let i = 0; i < 5_000; i++) counts[shardOf(`user-${i}`, 20)]++;
    expect(Math.max(...counts)).toBeLessThan(320);
    expect(Math.min(...counts)).toBeGreaterThan(180);
    expect(shardOf('u1', 1)).toBe(0);
  });

  it('hashes the UTF-8 bytes, ASCII ids and others alike', () => {
    const overBytes = (text: string) => [...Buffer.from(text, 'utf8')].reduce((hash, byte) => Math.imul(hash ^ byte, 0x01000193) >>> 0, 0x811c9dc5);
    for (const id of ['8a090465-8c07-4383-877e-b551f549ced9', '01JNOTIFICATION0000000000', 'Küche', '日本', '\x7f']) expect(fnv1a32(id)).toBe(overBytes(id));
  });
});
