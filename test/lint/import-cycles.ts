import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The import graph of a workspace's sources and its cycles, at file level and, for the functions'
 * modules, at module level. Only relative imports count (a workspace package such as
 * `@portal/shared` cannot import its importer back: ESLint holds the direction); `import type`
 * counts too, because a cycle of types is the same tangle of files. Used by test/lint/import-cycles.test.ts, which runs in
 * `npm test` beside ESLint: eslint-plugin-import-x needs a native resolver whose non-Linux
 * bindings the registry does not serve, so `npm ci` could not install it from a lock file.
 */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

export type ImportGraph = Map<string, string[]>;

/** Folders that hold no source of ours: installed packages and CDK's synthesised output. */
const SKIPPED_DIRS = new Set(['node_modules', 'cdk.out', 'dist']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sourceFiles(path);
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

/** A functions module's folder under `functions/src` (`automation`), or undefined for a file outside one. */
function moduleOf(file: string, root: string): string | undefined {
  const rel = relative(resolve(root), file);
  const parts = rel.split(/[\\/]/);
  return parts.length > 1 && !rel.startsWith('..') ? parts[0] : undefined;
}

/**
 * A Lambda entry (`handler.ts`, `<kind>.handler.ts`): the composition root that registers adapters and
 * listeners and serves routes, imported by nothing in functions/src. Entries may import any module's
 * public.ts and stay out of the module graph; every other file is its module's.
 */
export const isEntry = (file: string) => /(^|[\\/])([\w-]+\.)?handler\.ts$/.test(file);

/** Imports from a functions module into another module's files other than its public.ts (platform/ is everyone's). */
export function internalImports(graph: ImportGraph, root = 'functions/src'): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = moduleOf(file, root);
    if (!from || from === 'platform') continue;
    for (const target of targets) {
      const to = moduleOf(target, root);
      if (!to || to === from || to === 'platform') continue;
      if (relative(join(resolve(root), to), target) !== 'public.ts') found.push(`${relative(process.cwd(), file)} -> ${relative(process.cwd(), target)}`);
    }
  }
  return found.sort();
}

/**
 * The module graph of functions/src: a module points at each module one of its files (entries
 * aside, `isEntry`) imports. Held acyclic like the file graph: a module that shows another's data
 * listens to its signal instead of being called by it (decision 0064).
 */
export function moduleGraph(graph: ImportGraph, root = 'functions/src'): ImportGraph {
  const modules: ImportGraph = new Map();
  for (const [file, targets] of graph) {
    const from = moduleOf(file, root);
    if (!from || from === 'platform' || isEntry(file)) continue;
    const edges = new Set(modules.get(from) ?? []);
    for (const target of targets) {
      const to = moduleOf(target, root);
      if (to && to !== from && to !== 'platform') edges.add(to);
    }
    modules.set(from, [...edges].sort());
  }
  return modules;
}
