import { describe, expect, it } from 'vitest';
import { apiEn } from './api-en.ts';
import { apiId } from './api-id.ts';

// The API's two catalogues: the same keys, nothing empty, one key per sentence, and Indonesian that
// is not a copy of the English.

const render = (entry: unknown) =>
  typeof entry === 'function'
    ? (entry as (...a: number[]) => string)(...Array.from({ length: entry.length }, () => 12_500))
    : entry;

describe('API message catalogues', () => {
  it('have the same keys in English and Indonesian, with the same arguments', () => {
    expect(Object.keys(apiId).sort()).toEqual(Object.keys(apiEn).sort());
    for (const key of Object.keys(apiEn) as (keyof typeof apiEn)[]) {
      expect(typeof apiId[key], key).toBe(typeof apiEn[key]);
      if (typeof apiEn[key] === 'function') expect((apiId[key] as () => string).length, key).toBe(apiEn[key].length);
    }
  });

  it('hold no empty message and say each sentence once', () => {
    const english = Object.values(apiEn).map(render) as string[];
    for (const text of [...english, ...(Object.values(apiId).map(render) as string[])])
      expect(text.trim()).not.toBe('');
    expect(new Set(english).size).toBe(english.length);
  });

  it('are translated: Indonesian differs from English except names of things (QRIS)', () => {
    const same = (Object.keys(apiEn) as (keyof typeof apiEn)[]).filter((k) => render(apiEn[k]) === render(apiId[k]));
    expect(same).toEqual(['payments.categoryQris']);
  });
});
