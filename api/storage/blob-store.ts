import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.ts';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import type { AppDeps } from '../platform/deps.ts';
import { storedBlobs } from './storage.schema.ts';

// Where uploaded files live, behind one interface every node reads the same way:
// - the embedded default (PGlite under DATA_DIR): files on local disk under DATA_DIR/uploads, beside
//   the database they belong to (one process serves them);
// - DATABASE_URL (a real PostgreSQL, possibly several API nodes): the `stored_blobs` table of that
//   database, so a file uploaded through one node is served by every other;
// - DATA_DIR=memory:// (tests with a throwaway PGlite): memory.
// Keys are opaque (api/profile/uploads.service.ts makes them random); nothing here is public.

export type StoredBlob = { bytes: Uint8Array; contentType: string };

export interface BlobStore {
  readonly kind: 'disk' | 'postgres' | 'memory';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none under this key. */
  get(key: string): Promise<StoredBlob | null>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
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
  };
}

const stores = new WeakMap<object, BlobStore>();

/** The store of this API (one per database handle, chosen from the environment as described above). */
export function blobStoreOf(deps: Pick<AppDeps, 'env' | 'database'>): BlobStore {
  let store = stores.get(deps.database);
  if (!store) {
    if (deps.database.kind === 'postgres') store = postgresBlobStore(deps.database.db);
    else if (deps.env.DATA_DIR === 'memory://') store = memoryBlobStore();
    else store = diskBlobStore(path.resolve(deps.env.DATA_DIR, 'uploads'));
    stores.set(deps.database, store);
  }
  return store;
}
