import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Money is written one way everywhere (`Rp 100.000`, core/money.ts), in both languages: also in the
// seeded promos, policies and add-ons, and in the bundled content (promo terms, legal text, FAQ).

const root = path.resolve(import.meta.dirname, '..', '..');
const sources = [
  'api/seed/seed.ts',
  'api/seed/seed-data.ts',
  'content/dataset/production.ndjson',
  ...readdirSync(path.join(root, 'content/dataset/source')).map((f) => `content/dataset/source/${f}`),
];

describe('Rupiah in copy', () => {
  it('is grouped with dots in every seeded and bundled text, English included', () => {
    const comma = /Rp\s?\d{1,3}(?:,\d{3})+(?!\d)/g;
    const found = sources.flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(comma)].map((m) => `${file}: ${m[0]}`),
    );
    expect(found).toEqual([]);
    // The check reads real copy: the bundled content does mention Rupiah amounts.
    expect(readFileSync(path.join(root, 'content/dataset/production.ndjson'), 'utf8')).toMatch(/Rp \d{1,3}\.\d{3}/);
  });
});
