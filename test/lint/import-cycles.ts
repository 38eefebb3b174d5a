import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The frontend's import graph and its cycles. Only relative imports count (packages and the
 * shared workspace cannot import the frontend back); `import type` counts too, because a cycle of
 * types is the same tangle of files. Used by test/lint/import-cycles.test.ts, which runs in
 * `npm test` beside ESLint: eslint-plugin-import-x needs a native resolver whose non-Linux
 * bindings the registry does not serve, so `npm ci` could not install it from a lock file.
 */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

export type ImportGraph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return EXTENSIONS.map((ext) => base + ext).find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Each file's relative imports, read from `root`; `overrides` replaces or adds files' text (tests). */
export function importGraph(root: string, overrides: Record<string, string> = {}): ImportGraph {
  const files = new Set([...sourceFiles(resolve(root)), ...Object.keys(overrides).map((f) => resolve(f))]);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = overrides[relative(process.cwd(), file)] ?? readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((m) => resolveImport(file, (m[1] ?? m[2])!)).filter((t): t is string => Boolean(t));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle once, as the files on it (Tarjan's strongly connected components of two or more files, or a file importing itself). */
export function importCycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indexes = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indexes.set(node, index);
    lowlinks.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexes.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node)!, lowlinks.get(next)!));
      } else if (onStack.has(next)) lowlinks.set(node, Math.min(lowlinks.get(node)!, indexes.get(next)!));
    }
    if (lowlinks.get(node) !== indexes.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.map((f) => relative(process.cwd(), f)).sort());
  };
  for (const node of graph.keys()) if (!indexes.has(node)) visit(node);
  return cycles;
}
