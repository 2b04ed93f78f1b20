import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.ts';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import type { AppDeps } from '../platform/deps.ts';
import { storedBlobs } from './storage.schema.ts';
import { fileKeys, open, rewrap, seal } from './file-crypto.ts';

// Where uploaded files live, behind one interface every node reads the same way:
// - the embedded default (PGlite under DATA_DIR): files on local disk under DATA_DIR/uploads, beside
//   the database they belong to (one process serves them);
// - DATABASE_URL (a real PostgreSQL, possibly several API nodes): the `stored_blobs` table of that
//   database, so a file uploaded through one node is served by every other;
// - DATA_DIR=memory:// (tests with a throwaway PGlite): memory.
// Keys are opaque (api/profile/uploads.service.ts makes them random); nothing here is public. What
// every store holds is encrypted (api/storage/file-crypto.ts): blobStoreOf wraps the store so a file
// is sealed on put and opened on get; the disk, the table and the backups hold ciphertext only.

export type StoredBlob = { bytes: Uint8Array; contentType: string };

export interface BlobStore {
  readonly kind: 'disk' | 'postgres' | 'memory';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none under this key. */
  get(key: string): Promise<StoredBlob | null>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key held (for the key rotation). */
  keys(): Promise<string[]>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]{16,64}$/;
function checkKey(key: string): string {
  // Keys become file names: only the random alphabet the services produce, never a path.
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe blob key ${JSON.stringify(key)}`);
  return key;
}

export function diskBlobStore(root: string): BlobStore {
  const file = (key: string) => path.join(root, checkKey(key));
  const meta = (key: string) => `${file(key)}.type`;
  return {
    kind: 'disk',
    async put(key, bytes, contentType) {
      await mkdir(root, { recursive: true, mode: PRIVATE_DIR_MODE });
      // Written under a temporary name and renamed: a reader never sees half a file. Only this
      // service's user reads them (api/storage/private-files.ts).
      const tmp = `${file(key)}.${process.pid}.tmp`;
      await writeFile(tmp, bytes, { mode: PRIVATE_FILE_MODE });
      await writeFile(meta(key), contentType, { mode: PRIVATE_FILE_MODE });
      await rename(tmp, file(key));
    },
    async get(key) {
      try {
        const [bytes, contentType] = await Promise.all([readFile(file(key)), readFile(meta(key), 'utf8')]);
        return { bytes, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
      await rm(meta(key), { force: true });
    },
    async keys() {
      const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[];
        throw error;
      });
      return names.filter((n) => SAFE_KEY.test(n));
    },
  };
}

export function postgresBlobStore(db: Db): BlobStore {
  return {
    kind: 'postgres',
    async put(key, bytes, contentType) {
      await db
        .insert(storedBlobs)
        .values({ key: checkKey(key), bytes, contentType, size: bytes.byteLength, createdAt: new Date() })
        .onConflictDoNothing();
    },
    async get(key) {
      const [row] = await db
        .select({ bytes: storedBlobs.bytes, contentType: storedBlobs.contentType })
        .from(storedBlobs)
        .where(eq(storedBlobs.key, checkKey(key)))
        .limit(1);
      return row ? { bytes: row.bytes, contentType: row.contentType } : null;
    },
    async delete(key) {
      await db.delete(storedBlobs).where(eq(storedBlobs.key, checkKey(key)));
    },
    async keys() {
      return (await db.select({ key: storedBlobs.key }).from(storedBlobs)).map((r) => r.key);
    },
  };
}

export function memoryBlobStore(): BlobStore {
  const files = new Map<string, StoredBlob>();
  return {
    kind: 'memory',
    async put(key, bytes, contentType) {
      files.set(checkKey(key), { bytes: new Uint8Array(bytes), contentType });
    },
    async get(key) {
      return files.get(checkKey(key)) ?? null;
    },
    async delete(key) {
      files.delete(checkKey(key));
    },
    async keys() {
      return [...files.keys()];
    },
  };
}

const stores = new WeakMap<object, BlobStore>();

/** The store as it holds the files: ciphertext (the key rotation and the tests read it). */
export function storedBlobStoreOf(deps: Pick<AppDeps, 'env' | 'database'>): BlobStore {
  let store = stores.get(deps.database);
  if (!store) {
    if (deps.database.kind === 'postgres') store = postgresBlobStore(deps.database.db);
    else if (deps.env.DATA_DIR === 'memory://') store = memoryBlobStore();
    else store = diskBlobStore(path.resolve(deps.env.DATA_DIR, 'uploads'));
    stores.set(deps.database, store);
  }
  return store;
}

/** The store of this API (one per database handle, chosen from the environment as described above), encrypting. */
export function blobStoreOf(deps: Pick<AppDeps, 'env' | 'database'>): BlobStore {
  // One per database and key list, like the store it wraps (callers and tests see the same object).
  let byKeys = sealing.get(deps.database);
  if (!byKeys) sealing.set(deps.database, (byKeys = new Map()));
  const id = deps.env.FILE_KEYS ?? `derived:${deps.env.AUTH_JWT_SECRET}`;
  let store = byKeys.get(id);
  if (!store) byKeys.set(id, (store = sealingStore(deps)));
  return store;
}

const sealing = new WeakMap<object, Map<string, BlobStore>>();

function sealingStore(deps: Pick<AppDeps, 'env' | 'database'>): BlobStore {
  const stored = storedBlobStoreOf(deps);
  const keys = fileKeys(deps.env);
  return {
    kind: stored.kind,
    put: (key, bytes, contentType) => stored.put(key, seal(keys, bytes), contentType),
    async get(key) {
      const blob = await stored.get(key);
      return blob && { bytes: open(keys, blob.bytes), contentType: blob.contentType };
    },
    delete: (key) => stored.delete(key),
    keys: () => stored.keys(),
  };
}

/**
 * The key rotation's second step (`npm run ops -- rewrap-files`): every stored file's data key wrapped
 * under the first FILE_KEYS key, and files written before encryption encrypted. Each file is replaced
 * in one write (a rename on disk, a row update in PostgreSQL); running it again changes nothing.
 */
export async function rewrapFiles(
  deps: Pick<AppDeps, 'env' | 'database'>,
): Promise<{ files: number; rewrapped: number }> {
  const stored = storedBlobStoreOf(deps);
  const keys = fileKeys(deps.env);
  const all = await stored.keys();
  let rewrapped = 0;
  for (const key of all) {
    const blob = await stored.get(key);
    const next = blob && rewrap(keys, blob.bytes);
    if (!blob || !next) continue;
    if (stored.kind === 'postgres')
      await deps.database.db.update(storedBlobs).set({ bytes: next }).where(eq(storedBlobs.key, key));
    else await stored.put(key, next, blob.contentType);
    rewrapped++;
  }
  return { files: all.length, rewrapped };
}
