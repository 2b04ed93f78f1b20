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
// files live in the database (stored_blobs), so each node serves what the other received; the ID
// card and selfie answer only their signed URL, and 404 to an anonymous request and to another guest.

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
  it("each node serves the other's files to their owner's signed URL, and 404 to anyone else", async () => {
    const owner = await tokensForTest(nodes[0]!.t.deps);
    const other = await tokensForTest(nodes[1]!.t.deps);
    const card = await picture('#224488');
    const id = await upload(nodes[0]!, owner.userToken!, 'upload-id-card', [card, await picture('#884422')]);
    expect(id.status).toBe(200);
    expect(id.body.data.identity.identity_status).toBe(1);
    const cardUrl = id.body.data.identity.identity_card_url as string;
    const selfieUrl = id.body.data.identity.identity_card_selfie_url as string;

    // Received by node A, stored in PostgreSQL, served by node B.
    const fromB = await fetch(`${nodes[1]!.base}${cardUrl}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await fromB.arrayBuffer())).metadata()).exif).toBeUndefined();
    expect((await fetch(`${nodes[1]!.base}${selfieUrl}`)).status).toBe(200);
    const stored = await rows<{ n: number }>(db, sql`select count(*)::int as n from stored_blobs`);
    expect(stored[0]!.n).toBeGreaterThanOrEqual(2);

    // And the other way round: a profile picture sent to node B is served by node A.
    const pic = await upload(nodes[1]!, owner.userToken!, 'upload-profile-picture', [await picture('#00aa66')]);
    expect((await fetch(`${nodes[0]!.base}${pic.body.data.profile_picture_url}`)).status).toBe(200);

    const fileId = new URL(cardUrl, 'http://x').searchParams.get('id')!;
    const bare = `/api/files?id=${fileId}`;
    for (const node of nodes) {
      // Anonymous, without the signature.
      const anonymous = await fetch(`${node.base}${bare}`);
      expect(anonymous.status).toBe(404);
      expect(await anonymous.json()).toMatchObject({ code: 'not_found' });
      // Another guest, signed in, without the signature, or with a signature of their own files' kind.
      expect(
        (await fetch(`${node.base}${bare}`, { headers: { authorization: `Bearer ${other.userToken}` } })).status,
      ).toBe(404);
      const forged = cardUrl.replace(/sig=[^&]+/, `sig=${'B'.repeat(43)}`);
      expect(
        (await fetch(`${node.base}${forged}`, { headers: { authorization: `Bearer ${other.userToken}` } })).status,
      ).toBe(404);
      // The other guest's own profile names none of the owner's files.
      const theirs = await fetch(`${node.base}/api/clients/v1/my-account`, {
        headers: { authorization: `Bearer ${other.userToken}` },
      });
      expect(await theirs.text()).not.toContain(fileId);
    }
  });
});
