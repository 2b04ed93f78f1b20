import { describe, expect, test } from 'vitest';
import { islandStyleInHead } from './island-style.ts';

const STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe("Astro's island style", () => {
  test('moves from the body into the head, once', () => {
    const page = `<html><head><title>x</title></head><body><div>${STYLE}<astro-island></astro-island></div></body></html>`;
    expect(islandStyleInHead(page)).toBe(
      `<html><head><title>x</title>${STYLE}</head><body><div><astro-island></astro-island></div></body></html>`,
    );
  });
  test('leaves a page without it, or with it in the head already, as it is', () => {
    const plain = '<html><head></head><body><p>hi</p></body></html>';
    expect(islandStyleInHead(plain)).toBe(plain);
    const done = `<html><head>${STYLE}</head><body></body></html>`;
    expect(islandStyleInHead(done)).toBe(done);
  });
});
