import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or a quoted attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('Rp 1.250.000 · Kamar kapsul')).toBe('Rp 1.250.000 · Kamar kapsul');
  });
});
