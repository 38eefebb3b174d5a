/** aedes-persistence-level ships no types; aedes takes its persistence as `any` (decision 0065). */
declare module 'aedes-persistence-level' {
  /** An aedes persistence over an open Level store (classic-level: keys strings, values buffers). */
  export default function levelPersistence(db: unknown): unknown;
}
