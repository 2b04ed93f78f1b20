import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { nextChangeFrom } from './content-hooks.service.ts';
import { readContentEnv } from '../../site/lib/content/content-env.ts';
import {
  bundledSource,
  embargoFutureDocuments,
  parseEmbargoed,
  parseNdjson,
} from '../../site/lib/content/content-source.ts';
import { createContent } from '../../site/lib/content/content.ts';

// Embargoed content: a promo scheduled for the future is kept as a draft (private in Sanity: the
// public dataset and its CDN never hold it) with its publish time; the schedule knows that time, and
// from then on the published dataset holds it.

const DATASET = fileURLToPath(new URL('../../content/dataset/production.ndjson', import.meta.url));
const text = readFileSync(DATASET, 'utf8');
const published = parseNdjson(text);
const summer = published.find((d) => d._id === 'promo-endless-summer')!;
const embargoed = {
  ...structuredClone(summer),
  _id: 'drafts.promo-lebaran-2027',
  slug: { _type: 'slug', current: 'lebaran-2027' },
  couponCode: 'LEBARAN2027',
  publishAt: '2027-03-01T00:00:00Z',
};
const ndjson = [...text.trim().split('\n'), JSON.stringify(embargoed)].join('\n');

const at = (iso: string) => {
  const env = readContentEnv({ CONTENT_NOW: iso, CONTENT_DATASET: DATASET });
  return createContent(
    env,
    bundledSource(async () => parseNdjson(ndjson), { drafts: async () => parseEmbargoed(ndjson), now: env.now }),
  );
};

describe('embargoed documents', () => {
  test('before its time the document is in no published read, not even by id', async () => {
    const before = at('2027-02-28T23:59:00Z');
    expect((await before.getPromos('en')).map((p) => p.slug)).not.toContain('lebaran-2027');
    expect(await before.source.query('*[_id == "promo-lebaran-2027" || couponCode == "LEBARAN2027"]', {})).toEqual([]);
    // The published perspective of the bundle never lists the draft itself either.
    expect(parseNdjson(ndjson).some((d) => String(d._id).includes('lebaran-2027'))).toBe(false);
  });

  test('the schedule knows its publish time, so the site rebuilds at that moment', async () => {
    const times = await at('2027-02-28T00:00:00Z').getScheduleTimes();
    expect(times.instants).toContainEqual({
      _id: 'promo-lebaran-2027',
      publishAt: '2027-03-01T00:00:00Z',
      unpublishAt: null,
    });
    expect(nextChangeFrom(times, new Date('2027-02-28T00:00:00Z'))).toEqual({
      at: new Date('2027-03-01T00:00:00Z'),
      documentId: 'promo-lebaran-2027',
      kind: 'publish',
    });
  });

  test('from its publish time it is published: the promo page lists it under its published id', async () => {
    const after = at('2027-03-01T00:00:00Z');
    const promo = (await after.getPromos('en')).find((p) => p.slug === 'lebaran-2027');
    expect(promo?._id).toBe('promo-lebaran-2027');
    expect(promo?.couponCode).toBe('LEBARAN2027');
    // No longer waiting: the schedule has nothing left of it (the bundle's later ones still wait).
    const waiting = await after.source.embargoed?.(new Date('2027-03-01T00:00:00Z'));
    expect(waiting?.map((d) => d._id)).not.toContain('promo-lebaran-2027');
    expect(waiting?.every((d) => Date.parse(d.publishAt) > Date.parse('2027-03-01T00:00:00Z'))).toBe(true);
  });

  test('a draft without a publish time is work in progress: never read', async () => {
    const wip = { ...structuredClone(summer), _id: 'drafts.promo-endless-summer', couponCode: 'CHANGED' };
    expect(parseEmbargoed(JSON.stringify(wip))).toEqual([]);
  });

  test('the import uploads the bundled documents scheduled for later as drafts; the site reads the same', async () => {
    const now = new Date('2026-11-26T00:00:00Z');
    const all = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const upload = embargoFutureDocuments(all, now);
    const drafts = upload.filter((d) => String(d._id).startsWith('drafts.')).map((d) => d._id);
    expect(drafts.length).toBeGreaterThan(0);
    // Everything that waits is a draft: the public (published) part holds no future publish time.
    expect(
      upload.filter((d) => !drafts.includes(d._id) && typeof d.publishAt === 'string' && new Date(d.publishAt) > now),
    ).toEqual([]);
    const uploaded = upload.map((d) => JSON.stringify(d)).join('\n');
    const read = (iso: string, source: string) => {
      const env = readContentEnv({ CONTENT_NOW: iso, CONTENT_DATASET: DATASET });
      return createContent(
        env,
        bundledSource(async () => parseNdjson(source), { drafts: async () => parseEmbargoed(source), now: env.now }),
      );
    };
    for (const iso of ['2026-11-26T00:00:00Z', '2031-07-01T00:00:00Z', '2031-11-01T00:00:00Z']) {
      const [before, after] = [read(iso, text), read(iso, uploaded)];
      expect((await after.getPromos('en')).map((p) => p._id)).toEqual((await before.getPromos('en')).map((p) => p._id));
      expect((await after.getDestinations('en')).map((d) => d._id).sort()).toEqual(
        (await before.getDestinations('en')).map((d) => d._id).sort(),
      );
    }
    const times = await read('2026-11-26T00:00:00Z', uploaded).getScheduleTimes();
    expect(nextChangeFrom(times, new Date('2031-01-01T00:00:00Z'))?.documentId).toBe('destination-labuan-bajo');
  });
});
