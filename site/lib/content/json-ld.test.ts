import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readContentEnv } from './content-env.ts';
import { createContent } from './content.ts';
import { faqJsonLd, lodgingJsonLd, organizationJsonLd } from './json-ld.ts';

const content = createContent(
  readContentEnv({
    CONTENT_NOW: '2026-06-01T00:00:00Z',
    CONTENT_DATASET: fileURLToPath(new URL('../../../content/dataset/production.ndjson', import.meta.url)),
  }),
);

describe('JSON-LD', () => {
  test('Organization from site settings', async () => {
    const org = organizationJsonLd(await content.getSiteSettings('id'), 'https://bobobox.example', 'id');
    expect(org).toMatchObject({
      '@type': 'Organization',
      name: 'Bobobox',
      url: 'https://bobobox.example/id/',
      email: 'halo@bobobox.example',
    });
    expect(org.sameAs).toHaveLength(4);
  });

  test('FAQPage lists every question with a plain-text answer', async () => {
    const faq = await content.getFaq('en');
    const ld = faqJsonLd(faq, 'en') as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(ld.mainEntity).toHaveLength(faq.reduce((n, c) => n + c.items.length, 0));
    expect(ld.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: 'What is Bobobox?',
      acceptedAnswer: {
        '@type': 'Answer',
        text: 'Bobobox runs smart capsule hotels and nature cabins, all managed through one app.',
      },
    });
  });

  test('LodgingBusiness with address and coordinates for a destination', async () => {
    const ubud = (await content.getDestination('bobocabin', 'ubud', 'en'))!;
    expect(lodgingJsonLd(ubud, 'https://bobobox.example', 'en')).toMatchObject({
      '@type': 'LodgingBusiness',
      url: 'https://bobobox.example/bobocabin/ubud/',
      address: { addressRegion: 'Bali', addressCountry: 'ID' },
      geo: { latitude: -8.4728, longitude: 115.279 },
    });
  });
});
