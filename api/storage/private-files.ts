import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

// Files that hold personal data are readable by this service's user only (README "Privacy"):
// DATA_DIR and every folder in it 0700, every file 0600 (the embedded database, uploads, site builds,
// backups). A process that writes them sets its umask to 077 first (`npm start`, `npm run ops`), so
// whatever it or a library creates is private from the start; our own writers also say the mode.

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** New files and folders of this process (and its children) are private to its user. */
export function privateUmask(): void {
  process.umask(0o077);
}

/**
 * Make `dataDir` private, creating it if needed, and fix the modes of what an older version left
 * readable (folders 0700, files 0600; links are left alone). Returns how many modes it changed.
 */
export function makePrivate(dataDir: string): number {
  if (dataDir === 'memory://') return 0;
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  let changed = 0;
  const visit = (at: string) => {
    try {
      const stat = lstatSync(at);
      if (stat.isSymbolicLink()) return;
      const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
      if ((stat.mode & 0o777) !== wanted) {
        chmodSync(at, wanted);
        changed++;
      }
      if (stat.isDirectory()) for (const name of readdirSync(at)) visit(path.join(at, name));
    } catch (error) {
      // A file the running database removed while we walked (a temporary one): nothing to protect.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  visit(dataDir);
  return changed;
}
