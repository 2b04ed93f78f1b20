// The npm registry this project installs from is a snapshot that lacks some platform-specific
// optional packages (other OSes' builds of the Astro compiler and Tailwind's oxide). npm install
// leaves them out of the tree but keeps naming them in package-lock.json, and `npm ci` then
// refuses the lock as out of sync. This drops optional dependencies that are named but absent
// from the locked tree, so `npm ci` installs exactly the locked tree. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

type Entry = { optionalDependencies?: Record<string, string> };

export function danglingOptional(lock: { packages: Record<string, Entry> }): [string, string][] {
  const present = new Set(
    Object.keys(lock.packages).map((key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  );
  const out: [string, string][] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) if (!present.has(dep)) out.push([key, dep]);
  }
  return out;
}

if (import.meta.main) {
  const file = new URL('../package-lock.json', import.meta.url);
  const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> };
  const dangling = danglingOptional(lock);
  for (const [key, dep] of dangling) {
    const entry = lock.packages[key]!;
    delete entry.optionalDependencies![dep];
    if (Object.keys(entry.optionalDependencies!).length === 0) delete entry.optionalDependencies;
  }
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`[lock-prune] removed ${dangling.length} optional dependencies missing from the locked tree`);
}
