/**
 * `node [--import infra/local/cognito-local-atomic-writes.mjs] test/support/stormdb-saves.mjs <dir>`
 * (test/unit/cognito-local-saves.test.ts): 200 saves of cognito-local's StormDB file engine in
 * flight at once, as cognito-local makes them (asynchronous, its serialiser), of differing sizes;
 * then prints whether the file is whole JSON, which save it holds, and what else is in <dir>.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import StormDB from 'stormdb';

const dir = process.argv[2];
const path = join(dir, 'pool.json');
const engine = new StormDB.localFileEngine(path, { async: true, serialize: (state) => JSON.stringify(state, null, 2) });
engine.init();
await Promise.all(Array.from({ length: 200 }, (_, save) => engine.write({ save, users: Array.from({ length: (save * 7919) % 300 }, (_, n) => ({ n, name: `user-${n}` })) })));
let held = null;
try {
  held = JSON.parse(readFileSync(path, 'utf8')).save;
} catch {
  // Not whole JSON: `held` stays null.
}
console.log(JSON.stringify({ whole: held !== null, held, files: readdirSync(dir) }));
