import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensForTest } from '../auth/test-tokens.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { freshPgDatabase, startPgNodes } from '../../tests/helpers/pg-nodes.ts';
import type { PgNode } from '../../tests/helpers/pg-nodes.ts';

// Private pictures on real PostgreSQL behind two API nodes (their own pools and HTTP servers): the
// files live in the database (stored_blobs), encrypted, so each node serves what the other received;
// the ID card and selfie answer only their owner's signed-in request (401 anonymous, 404 another guest,
// and never through a signed /api/files link); the profile picture answers its signed URL.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

let nodes: PgNode[] = [];
let close = async () => undefined as void;
let db: Db;
beforeAll(async () => {
  const first = await freshPgDatabase(url);
  db = first.db;
  await openSeededDatabase(TEST_NOW, first);
  ({ nodes, close } = await startPgNodes(url, first, 2));
}, 120_000);
afterAll(async () => close());

const picture = (background: string) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 12/1 0/1' } })
    .toBuffer();

async function upload(node: PgNode, token: string, path: string, files: Buffer[]) {
  const form = new FormData();
  files.forEach((bytes, i) =>
    form.append('files', new File([new Uint8Array(bytes)], `p${i}.jpg`, { type: 'image/jpeg' })),
  );
  const res = await fetch(`${node.base}/api/clients/v1/my-account/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, any> } };
}

describe('private uploads on two nodes', () => {
  it("each node serves the other's files to their owner, and to no one else", async () => {
    const owner = await tokensForTest(nodes[0]!.t.deps);
    const other = await tokensForTest(nodes[1]!.t.deps);
    const card = await picture('#224488');
    const id = await upload(nodes[0]!, owner.userToken!, 'upload-id-card', [card, await picture('#884422')]);
    expect(id.status).toBe(200);
    expect(id.body.data.identity.identity_status).toBe(1);
    const cardUrl = id.body.data.identity.identity_card_url as string;
    const selfieUrl = id.body.data.identity.identity_card_selfie_url as string;
    const as = (token?: string): RequestInit => ({ headers: token ? { authorization: `Bearer ${token}` } : {} });

    // Received by node A, stored encrypted in PostgreSQL, served by node B to its owner.
    const fromB = await fetch(`${nodes[1]!.base}${cardUrl}`, as(owner.userToken));
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    expect(fromB.headers.get('cache-control')).toBe('no-store');
    const plain = Buffer.from(await fromB.arrayBuffer());
    expect((await sharp(plain).metadata()).exif).toBeUndefined();
    expect((await fetch(`${nodes[1]!.base}${selfieUrl}`, as(owner.userToken))).status).toBe(200);
    const stored = await rows<{ key: string; bytes: Buffer }>(db, sql`select key, bytes from stored_blobs`);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const blob of stored) {
      expect(Buffer.from(blob.bytes).subarray(0, 8).toString('latin1'), blob.key).toBe('BBXENC1\n');
      expect(Buffer.from(blob.bytes).includes(plain.subarray(0, 32)), blob.key).toBe(false);
    }

    // And the other way round: a profile picture sent to node B is served by node A (signed URL).
    const pic = await upload(nodes[1]!, owner.userToken!, 'upload-profile-picture', [await picture('#00aa66')]);
    expect((await fetch(`${nodes[0]!.base}${pic.body.data.profile_picture_url}`)).status).toBe(200);

    const [cardRow] = await rows<{ id: string }>(
      db,
      sql`select id from user_uploads where kind = 'id_card' and removed_at is null and user_id = ${owner.userId!}`,
    );
    const bare = `/api/files?id=${cardRow!.id}`;
    for (const node of nodes) {
      // Anonymous: asked to sign in; another guest: their own (none).
      const anonymous = await fetch(`${node.base}${cardUrl}`);
      expect(anonymous.status).toBe(401);
      const stranger = await fetch(`${node.base}${cardUrl}`, as(other.userToken));
      expect(stranger.status).toBe(404);
      expect(await stranger.json()).toMatchObject({ code: 'not_found' });
      // The signed-link route never serves an identity document.
      expect((await fetch(`${node.base}${bare}`)).status).toBe(404);
      // The other guest's own profile names none of the owner's files.
      const theirs = await fetch(`${node.base}/api/clients/v1/my-account`, as(other.userToken));
      expect(await theirs.text()).not.toContain(cardRow!.id.slice(0, 8));
    }
  });
});
