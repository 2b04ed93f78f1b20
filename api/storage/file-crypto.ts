import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Env } from '../platform/env.ts';

// Every stored file is encrypted at rest (issue 27, item 1): envelope encryption with AES-256-GCM.
// Each file gets a random data key; the file is encrypted with it, and the data key is encrypted
// ("wrapped") with a key-encryption key from the environment, FILE_KEYS. A stored file is
//
//   MAGIC | key id length (1 byte) | key id | wrap IV (12) | wrap tag (16) | wrapped data key (32)
//         | file IV (12) | file tag (16) | ciphertext
//
// so it names the key that wraps it, and a disk, a database dump or a backup holds no readable ID
// card. Rotation (docs/privacy.md): put a new `id:key` first in FILE_KEYS and keep the old one after
// it (new files use the first; every listed key still opens), run `npm run ops -- rewrap-files`
// (re-wraps each file's data key under the first key; the file itself is not re-encrypted), then drop
// the old key. Files written before encryption existed (no MAGIC) are read as they are until the
// rewrap encrypts them.

const MAGIC = Buffer.from('BBXENC1\n', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export type FileKey = { id: string; key: Buffer };
export type FileKeys = { current: FileKey; all: Map<string, Buffer> };

/** The development key: derived from AUTH_JWT_SECRET, so as public as that default (production refuses it). */
export const DEV_FILE_KEY_ID = 'dev';

/**
 * FILE_KEYS parsed: `id:base64key[,id:base64key...]`, each key 32 bytes; the first encrypts. Unset
 * (development only, server/modes.ts): one key derived from AUTH_JWT_SECRET.
 */
export function fileKeys(env: Pick<Env, 'FILE_KEYS' | 'AUTH_JWT_SECRET'>): FileKeys {
  const listed: FileKey[] = env.FILE_KEYS
    ? env.FILE_KEYS.split(',').map((entry) => {
        const [id, value] = entry.trim().split(':');
        return { id: id!, key: Buffer.from(value ?? '', 'base64') };
      })
    : [
        {
          id: DEV_FILE_KEY_ID,
          key: createHmac('sha256', env.AUTH_JWT_SECRET).update('bobobox file key v1').digest(),
        },
      ];
  return { current: listed[0]!, all: new Map(listed.map((k) => [k.id, k.key])) };
}

function gcm(key: Buffer, plain: Uint8Array): { iv: Buffer; tag: Buffer; sealed: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), sealed };
}

function ungcm(key: Buffer, iv: Buffer, tag: Buffer, sealed: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]);
}

function header(kek: FileKey, dataKey: Buffer): Buffer {
  const wrapped = gcm(kek.key, dataKey);
  const id = Buffer.from(kek.id, 'latin1');
  return Buffer.concat([MAGIC, Buffer.from([id.byteLength]), id, wrapped.iv, wrapped.tag, wrapped.sealed]);
}

type Parsed = { keyId: string; iv: Buffer; tag: Buffer; wrapped: Buffer; body: Buffer };

function parse(stored: Buffer): Parsed | null {
  if (stored.byteLength < MAGIC.byteLength || !stored.subarray(0, MAGIC.byteLength).equals(MAGIC)) return null;
  let at = MAGIC.byteLength;
  const idLength = stored[at]!;
  at += 1;
  const keyId = stored.subarray(at, at + idLength).toString('latin1');
  at += idLength;
  const take = (n: number) => stored.subarray(at, (at += n));
  return { keyId, iv: take(IV_BYTES), tag: take(TAG_BYTES), wrapped: take(KEY_BYTES), body: stored.subarray(at) };
}

/** Thrown when a stored file names a key FILE_KEYS no longer lists, or was altered. */
export class FileKeyMissing extends Error {}

function dataKeyOf(keys: FileKeys, p: Parsed): Buffer {
  const kek = keys.all.get(p.keyId);
  if (!kek) throw new FileKeyMissing(`a stored file is wrapped with key ${p.keyId}, which FILE_KEYS does not list`);
  return ungcm(kek, p.iv, p.tag, p.wrapped);
}

/** A file as it is stored: encrypted under a fresh data key wrapped with the current key. */
export function seal(keys: FileKeys, plain: Uint8Array): Buffer {
  const dataKey = randomBytes(KEY_BYTES);
  const body = gcm(dataKey, plain);
  return Buffer.concat([header(keys.current, dataKey), body.iv, body.tag, body.sealed]);
}

/** The file's bytes (a file stored before encryption existed is returned as it is). */
export function open(keys: FileKeys, stored: Uint8Array): Buffer {
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  const p = parse(bytes);
  if (!p) return bytes;
  const dataKey = dataKeyOf(keys, p);
  const iv = p.body.subarray(0, IV_BYTES);
  const tag = p.body.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  return ungcm(dataKey, iv, tag, p.body.subarray(IV_BYTES + TAG_BYTES));
}

/** The key id a stored file is wrapped with, or null when it is not encrypted. */
export function sealedWith(stored: Uint8Array): string | null {
  return parse(Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength))?.keyId ?? null;
}

/**
 * The stored file with its data key wrapped under the current key (the body is kept as it is), or
 * encrypted for the first time; null when it already is under the current key.
 */
export function rewrap(keys: FileKeys, stored: Uint8Array): Buffer | null {
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  const p = parse(bytes);
  if (!p) return seal(keys, bytes);
  if (p.keyId === keys.current.id) return null;
  return Buffer.concat([header(keys.current, dataKeyOf(keys, p)), p.body]);
}
