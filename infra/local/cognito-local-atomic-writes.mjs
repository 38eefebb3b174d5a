/**
 * Preloaded into the cognito-local child (`node --import`, infra/local/cognito-local.ts), beside
 * cognito-local-keys.mjs. cognito-local keeps each user pool and its clients in a JSON file through
 * StormDB, whose file engine saves in place with `fs.writeFile`, asynchronously: two saves in flight
 * interleave their bytes, and a kill mid-save leaves a truncated file. Either way cognito-local
 * refuses the file at its next start ("Failed to load StormDB database file - invalid or corrupted
 * format"), and the data directory's identities are gone (the soak's portal kill found it,
 * decision 0083). Here each save writes a temporary file beside the file and renames it over it
 * (atomic on one file system), one save of a file at a time, in the order they were asked.
 */
import { renameSync, realpathSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

// StormDB as cognito-local resolves it, from its entry (the script this process runs).
const { localFileEngine: LocalFileEngine } = createRequire(realpathSync(process.argv[1]))('stormdb');

/** Each file's last save asked: the next one starts after it. */
const saves = new Map();
let made = 0;

LocalFileEngine.prototype.write = function write(data) {
  const { path } = this;
  // Serialised now, so the saves land in the order they were asked, each with its own state.
  const text = this.serialize(data);
  const temporary = `${path}.${process.pid}-${++made}.tmp`;
  if (!this.async) {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
    return null;
  }
  const save = (saves.get(path) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      await writeFile(temporary, text);
      await rename(temporary, path);
    });
  saves.set(path, save);
  return save;
};
