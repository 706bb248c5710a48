// Locating the package's own files (data/, fixtures/) from compiled (dist/src/…) or source (src/…)
// code alike, by walking up to the folder that holds package.json.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

export const packageRoot = (): string => {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the tm modules');
    dir = parent;
  }
  root = dir;
  return dir;
};

/** An absolute path inside the package, e.g. `packagePath('data', 'offices.json')`. */
export const packagePath = (...parts: string[]): string => join(packageRoot(), ...parts);

/** Parses a JSON file of the package; reference data is read once by its callers and cached. */
export const readPackageJson = (...parts: string[]): unknown => JSON.parse(readFileSync(packagePath(...parts), 'utf8'));
