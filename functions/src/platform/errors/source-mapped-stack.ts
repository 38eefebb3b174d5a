import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The Lambdas run without --enable-source-maps: it makes Node read and parse the bundle's map at
 * every cold start, for stack traces that only a logged error needs (docs/performance.md, decision
 * 0045). An unexpected error's stack is mapped here instead, when it is logged: the bundle's map
 * (`index.mjs.map` beside it) is read once per process, on the first such error.
 */
const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
    } catch {
      maps.set(file, null); // no map beside it: the SDK's files, Node's own, or code Node already maps
    }
  }
  return maps.get(file)!;
}

// `    at name (file:///var/task/index.mjs:1:2345)` or `    at file:///var/task/index.mjs:1:2345`
const FRAME = /^(\s*at (?:.*? \()?)((?:file:\/\/)?\/[^():]+):(\d+):(\d+)(\)?)$/;

/** The frame's place in the sources (`functions/src/…ts:line:column`), or the line as it was. */
function mapFrame(line: string): string {
  const match = FRAME.exec(line);
  if (!match) return line;
  const [, head, location, row, column, tail] = match;
  const file = location!.startsWith('file://') ? fileURLToPath(location!) : location!;
  const entry = mapOf(file)?.findEntry(Number(row) - 1, Number(column) - 1);
  if (!entry || !('originalSource' in entry)) return line;
  // esbuild writes the sources relative to the map; the repository path is what a reader looks for.
  const source = entry.originalSource.replace(/^(?:\.\.\/)+/, '');
  return `${head}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${tail}`;
}

export function sourceMappedStack(stack: string | undefined): string | undefined {
  return stack?.split('\n').map(mapFrame).join('\n');
}

/** Rewrites the error's stack (and its causes') in place, before it is logged. */
export function withSourceMappedStack<T>(error: T): T {
  if (error instanceof Error) {
    const stack = sourceMappedStack(error.stack);
    if (stack !== error.stack) Object.defineProperty(error, 'stack', { value: stack, writable: true, configurable: true });
    if (error.cause instanceof Error) withSourceMappedStack(error.cause);
  }
  return error;
}
