import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../auth/auth.schema.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { openDatabase } from '../db/client.ts';
import { rows } from '../db/query.ts';
import { bookingTestApp } from '../db/test-booking.ts';
import { encodedForm } from '../http/encoded-form.test-helpers.ts';
import { runOps } from '../../scripts/ops.ts';
import { blobStoreOf, storedBlobStoreOf } from '../storage/blob-store.ts';
import { FileKeyMissing, sealedWith } from '../storage/file-crypto.ts';
import { currentUploads, signedFileUrl } from './uploads.service.ts';
import { nowOf } from '../platform/clock.ts';

// Issue 27, item 1: the ID card and the selfie are their owner's and the operators' only. The owner's
// signed-in request reads them (no token in any URL, no-store); a signed-out browser, another guest,
// a URL copied from the owner's page and a deactivated account are refused, in the guest's language.
// The files are encrypted at rest under FILE_KEYS (envelope encryption), and a key rotation re-wraps
// them; operators read them through an audited command only.

const key = () => randomBytes(32).toString('base64');
const K1 = key();
let t: Awaited<ReturnType<typeof bookingTestApp>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'identity-files-'));
  const database = await openDatabase({ DATA_DIR: dataDir });
  t = await bookingTestApp({ DATA_DIR: dataDir, FILE_KEYS: `k1:${K1}` }, database);
});

const newGuest = async () => {
  const g = await tokensForTest(t.deps);
  const [u] = await t.db.db.select().from(users).where(eq(users.id, g.userId!));
  return { id: g.userId!, token: g.userToken!, email: u!.email };
};

const photo = (color: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** The guest sends an ID card (64x48) and a selfie (40x60); their profile's identity block. */
async function sendIdentity(token: string) {
  const form = new FormData();
  form.append('files', new File([await photo('#2d6cdf', 64, 48)], 'ktp.jpg', { type: 'image/jpeg' }));
  form.append('files', new File([await photo('#c27c3a', 40, 60)], 'selfie.jpg', { type: 'image/jpeg' }));
  const { body, contentType } = await encodedForm(form);
  const res = await t.app.request('/api/clients/v1/my-account/upload-id-card', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { identity: { identity_card_url: string; identity_card_selfie_url: string } } })
    .data.identity;
}

const read = (url: string, token?: string, lang: 'id' | 'en' = 'en') =>
  t.app.request(url, {
    headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

describe('identity documents', () => {
  it("are read by their owner's signed-in request only, never cached", async () => {
    const g = await newGuest();
    const other = await newGuest();
    const identity = await sendIdentity(g.token);
    // The profile names paths, not signed links: nothing in them opens a file.
    expect(identity.identity_card_url).toMatch(/^\/api\/clients\/v1\/my-account\/identity-files\/id-card\?v=[\w-]{8}$/);
    expect(identity.identity_card_selfie_url).toMatch(/^\/api\/clients\/v1\/my-account\/identity-files\/selfie\?v=/);

    for (const [url, size] of [
      [identity.identity_card_url, { width: 64, height: 48 }],
      [identity.identity_card_selfie_url, { width: 40, height: 60 }],
    ] as const) {
      const own = await read(url, g.token);
      expect(own.status).toBe(200);
      expect(own.headers.get('cache-control')).toBe('no-store');
      expect(own.headers.get('content-type')).toBe('image/jpeg');
      expect(await sharp(Buffer.from(await own.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', ...size });

      // The URL copied from the owner's page: a signed-out browser is asked to sign in, in its language.
      const signedOut = await read(url, undefined, 'id');
      expect(signedOut.status).toBe(401);
      expect(((await signedOut.json()) as { message: string }).message).toMatch(/masuk|token/i);
      // Another guest with the same URL reads their own documents (none): 404, in their language.
      const stranger = await read(url, other.token, 'id');
      expect(stranger.status).toBe(404);
      expect(await stranger.json()).toMatchObject({ code: 'not_found', message: 'Data tidak ditemukan' });
    }

    // The old kind of link (a signed /api/files URL) never opens an identity document, even when valid.
    const uploads = await currentUploads(t.deps, g.id);
    const signed = signedFileUrl(t.deps, uploads.get('id_card')!.id, nowOf(t.deps));
    expect((await read(signed)).status).toBe(404);
    // The profile picture keeps its signed link (an <img> sends no token).
    expect(signed).toMatch(/^\/api\/files\?id=/);
  });

  it('are refused once the account is deactivated, even to a session that is still open', async () => {
    const g = await newGuest();
    const identity = await sendIdentity(g.token);
    expect((await read(identity.identity_card_url, g.token)).status).toBe(200);
    // A session that outlived the deactivation (another node's race): the documents are still refused.
    await t.db.db
      .update(users)
      .set({ deactivatedAt: nowOf(t.deps) })
      .where(eq(users.id, g.id));
    const refused = await read(identity.identity_card_url, g.token, 'id');
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { message: string }).message).toBe('Data tidak ditemukan');
    await t.db.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, g.id));

    // Deleting the account signs it out everywhere: the token no longer reads anything.
    const deleted = await t.call('POST', '/api/clients/v1/my-account/delete', { token: g.token });
    expect(deleted.status).toBe(200);
    expect((await read(identity.identity_card_url, g.token)).status).toBe(401);
  });

  it('are encrypted at rest under FILE_KEYS; a rotation re-wraps them and the old key can go', async () => {
    const g = await newGuest();
    const identity = await sendIdentity(g.token);
    const plain = Buffer.from(await (await read(identity.identity_card_url, g.token)).arrayBuffer());
    const id = (await currentUploads(t.deps, g.id)).get('id_card')!.id;

    // On disk: ciphertext wrapped with k1, private to this user; no JPEG in it.
    const onDisk = await readFile(path.join(dataDir, 'uploads', id));
    expect(sealedWith(onDisk)).toBe('k1');
    expect(onDisk.includes(plain.subarray(0, 64))).toBe(false);
    expect(onDisk.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect((await stat(path.join(dataDir, 'uploads', id))).mode & 0o777).toBe(0o600);
    // No file under uploads holds a readable picture.
    for (const name of (await readdir(path.join(dataDir, 'uploads'))).filter((n) => !n.endsWith('.type')))
      expect(sealedWith(await readFile(path.join(dataDir, 'uploads', name))), name).toBe('k1');

    // A file written before encryption existed is read as it is, until the rewrap encrypts it.
    const legacy = 'legacy-file-0123456789';
    await storedBlobStoreOf(t.deps).put(legacy, plain, 'image/jpeg');

    // Rotation, step 1: k2 first, k1 kept after it. Old files still open; new ones use k2.
    const K2 = key();
    const rotating = { ...t.deps, env: { ...t.deps.env, FILE_KEYS: `k2:${K2},k1:${K1}` } };
    expect(Buffer.from((await blobStoreOf(rotating).get(id))!.bytes).equals(plain)).toBe(true);
    // Step 2: the rewrap; running it again changes nothing.
    const first = await runOps(['rewrap-files'], rotating);
    expect(first.code).toBe(0);
    expect(first.out[0]).toMatch(/^(\d+) of \1 stored files rewrapped under the first FILE_KEYS key\.$/);
    expect(await runOps(['rewrap-files'], rotating)).toMatchObject({ out: [expect.stringMatching(/^0 of \d+ /)] });
    expect(sealedWith(await readFile(path.join(dataDir, 'uploads', id)))).toBe('k2');
    expect(sealedWith((await storedBlobStoreOf(t.deps).get(legacy))!.bytes)).toBe('k2');
    // Step 3: k1 dropped: every file still opens with k2 alone, and nothing opens with k1 alone.
    const after = { ...t.deps, env: { ...t.deps.env, FILE_KEYS: `k2:${K2}` } };
    expect(Buffer.from((await blobStoreOf(after).get(id))!.bytes).equals(plain)).toBe(true);
    expect(Buffer.from((await blobStoreOf(after).get(legacy))!.bytes).equals(plain)).toBe(true);
    await expect(blobStoreOf(t.deps).get(id)).rejects.toThrow(FileKeyMissing);
    // Put the test's key back for the other tests (they read through t.deps, which lists k1 only).
    await runOps(['rewrap-files'], { ...t.deps, env: { ...t.deps.env, FILE_KEYS: `k1:${K1},k2:${K2}` } });
    await storedBlobStoreOf(t.deps).delete(legacy);
  });
});

describe('the operators', () => {
  it('read identity documents only through the audited command, with a reason', async () => {
    const g = await newGuest();
    const identity = await sendIdentity(g.token);
    const owners = Buffer.from(await (await read(identity.identity_card_url, g.token)).arrayBuffer());

    // The state names what is on file and how to look; no link that works on its own.
    const shown = await runOps(['identity', g.email], t.deps);
    expect(shown.code).toBe(0);
    expect(shown.out.join('\n')).not.toMatch(/https?:|\/api\//);
    expect(shown.out[1]).toMatch(/^ {2}ID card: on file since /);
    expect(shown.out[3]).toBe(`  to look at them: npm run ops -- identity ${g.id} show --reason "<why>" (recorded)`);

    // No reason, no files and no record.
    const out = await mkdtemp(path.join(tmpdir(), 'identity-review-'));
    const refused = await runOps(['identity', g.email, 'show', '--out', out], t.deps);
    expect(refused.code).toBe(2);
    expect(await readdir(out)).toEqual([]);
    const audited = () =>
      rows<{ operator: string; reason: string }>(
        t.db.db,
        sql`select operator, reason, action, detail from operator_audit where user_id = ${g.id}`,
      );
    expect(await audited()).toEqual([]);

    const seen = await runOps(
      ['identity', g.email, 'show', '--reason', 'review of submission', '--out', out, '--operator', 'ana'],
      t.deps,
    );
    expect(seen.code).toBe(0);
    expect(seen.out[0]).toBe(`#${g.id} ${g.email}: recorded for ana ("review of submission")`);
    const [folder] = await readdir(out);
    const dir = path.join(out, folder!);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await readdir(dir)).sort()).toEqual(['id-card.jpg', 'selfie.jpg']);
    const card = await readFile(path.join(dir, 'id-card.jpg'));
    expect(card.equals(owners)).toBe(true);
    expect((await stat(path.join(dir, 'id-card.jpg'))).mode & 0o777).toBe(0o600);
    const uploads = await currentUploads(t.deps, g.id);
    expect(await audited()).toEqual([
      {
        operator: 'ana',
        reason: 'review of submission',
        action: 'identity.show',
        detail: {
          files: [
            { kind: 'id_card', upload: uploads.get('id_card')!.id },
            { kind: 'selfie', upload: uploads.get('selfie')!.id },
          ],
        },
      },
    ]);
    const log = await runOps(['audit', g.email], t.deps);
    expect(log.out).toEqual([
      expect.stringMatching(new RegExp(` ana identity\\.show #${g.id}: review of submission$`)),
    ]);
  });
});
