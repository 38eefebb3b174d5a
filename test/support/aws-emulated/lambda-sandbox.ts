import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TemplateFunction } from './template.ts';

/** Where Lambda puts a layer's Node.js packages: its `nodejs/node_modules` (decision 0063). */
const LAYER_MODULES = path.join('nodejs', 'node_modules');

export interface StagedFunctions {
  /** The directory the function's handler file is imported from. */
  taskDir(fn: TemplateFunction): string;
  remove(): void;
}

/**
 * Lays the functions out as Lambda does, outside the repository: each bundle in a task directory
 * of its own, its layers' packages in the one `node_modules` above it, and no other `node_modules`
 * up the tree. A bundle imports the AWS SDK from its layer, as on Lambda; left in the cloud assembly,
 * Node would find the repository's node_modules and hide a package the layer lacks.
 */
export function stageFunctions(functions: TemplateFunction[]): StagedFunctions {
  const root = mkdtempSync(path.join(os.tmpdir(), 'aws-emulated-lambda-'));
  for (let dir = path.dirname(root); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules'))) throw new Error(`${dir}/node_modules would be reachable from the staged functions: remove it or set TMPDIR elsewhere`);
    if (path.dirname(dir) === dir) break;
  }
  // One directory per set of layers: functions with the same layers share their copy.
  const layerSets = new Map<string, string>();
  const taskDirs = new Map<string, string>();
  for (const fn of functions) {
    const key = fn.layers.join('\n');
    let setDir = layerSets.get(key);
    if (!setDir) {
      setDir = path.join(root, `layers-${layerSets.size}`);
      const modules = path.join(setDir, 'node_modules');
      mkdirSync(modules, { recursive: true });
      // Later layers override earlier ones, as Lambda extracts them in order into /opt.
      for (const layer of fn.layers) {
        const from = path.join(layer, LAYER_MODULES);
        if (!existsSync(from)) throw new Error(`Layer ${layer} of ${fn.logicalId} has no ${LAYER_MODULES}`);
        for (const name of readdirSync(from)) cpSync(path.join(from, name), path.join(modules, name), { recursive: true, force: true });
      }
      layerSets.set(key, setDir);
    }
    const taskDir = path.join(setDir, 'task', fn.logicalId);
    cpSync(fn.bundle, taskDir, { recursive: true });
    taskDirs.set(fn.logicalId, taskDir);
  }
  return {
    taskDir(fn) {
      const dir = taskDirs.get(fn.logicalId);
      if (!dir) throw new Error(`${fn.logicalId} was not staged`);
      return dir;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
