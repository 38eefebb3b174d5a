/**
 * QoS 1 is at-least-once: the same envelope can arrive twice. Remembers the last `capacity` ids
 * (docs/device-protocol.md: the last few hundred are enough) and reports repeats.
 */
export function createEnvelopeDedupe(capacity = 500) {
  const seen = new Set<string>();
  return {
    /** True the first time an id is offered; false for a repeat. */
    accept(id: string): boolean {
      if (seen.has(id)) return false;
      seen.add(id);
      // A Set iterates in insertion order: the first entry is the oldest.
      if (seen.size > capacity) seen.delete(seen.values().next().value!);
      return true;
    },
  };
}
export type EnvelopeDedupe = ReturnType<typeof createEnvelopeDedupe>;
