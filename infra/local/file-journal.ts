import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Records kept one file each until their work is done, so a restart, also after a SIGKILL, takes up
 * what was accepted and not finished (the local delivery queue, decision 0060; the local uplink).
 * Written synchronously: a record is on disk before the caller acknowledges it to anyone. No fsync:
 * the process's kill is the fault, not the machine's power.
 */
export interface FileJournal<T> {
  remember(id: string, record: T): void;
  forget(id: string): void;
  /** What an earlier run left, each with its id; a file cut short by a kill is removed (its write never answered). */
  left(): Array<{ id: string; record: T }>;
}

export function createFileJournal<T>(dir: string): FileJournal<T> {
  mkdirSync(dir, { recursive: true });
  const fileOf = (id: string) => join(dir, `${id}.json`);
  return {
    remember: (id, record) => writeFileSync(fileOf(id), JSON.stringify(record)),
    forget: (id) => rmSync(fileOf(id), { force: true }),
    left: () =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .flatMap((name) => {
          const id = name.slice(0, -'.json'.length);
          try {
            return [{ id, record: JSON.parse(readFileSync(fileOf(id), 'utf8')) as T }];
          } catch {
            rmSync(fileOf(id), { force: true });
            return [];
          }
        }),
  };
}
