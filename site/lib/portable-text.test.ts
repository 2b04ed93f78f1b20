import { describe, expect, test } from 'vitest';
import { portableTextToPlain, renderPortableText, safeHref } from './portable-text.ts';

const block = (
  text: string,
  markDefs: { _key: string; _type: string; href?: string }[] = [],
  marks: string[] = [],
) => ({
  _type: 'block',
  _key: 'b1',
  style: 'normal',
  markDefs,
  children: [{ _type: 'span', _key: 's1', text, marks }],
});

describe('renderPortableText', () => {
  test('a javascript: link is rendered as plain text, never as a live link', () => {
    const html = renderPortableText(
      [block('click me', [{ _key: 'l1', _type: 'link', href: 'javascript:alert(1)' }], ['l1'])],
      'en',
    );
    expect(html).toBe('<p>click me</p>');
    expect(html).not.toContain('javascript');
  });

  test('javascript: hidden behind whitespace, case or control characters is refused too', () => {
    for (const href of [
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      'vbscript:x',
    ]) {
      const html = renderPortableText([block('x', [{ _key: 'l1', _type: 'link', href }], ['l1'])], 'en');
      expect(html, href).toBe('<p>x</p>');
    }
  });

  test('an HTML snippet in text is escaped, not injected', () => {
    const html = renderPortableText([block('<script>alert(1)</script><img src=x onerror=alert(1)>')], 'en');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('an unknown raw-HTML node type renders as nothing', () => {
    const html = renderPortableText(
      [{ _type: 'html', _key: 'h', html: '<iframe src="https://evil.example"></iframe>' }, block('after')],
      'en',
    );
    expect(html).toBe('<p>after</p>');
  });

  test('safe links are kept: https opens in a new tab, mailto and tel as is, site paths localized', () => {
    const defs = [
      { _key: 'a', _type: 'link', href: 'https://example.com/x?a=1&b=2' },
      { _key: 'b', _type: 'link', href: 'mailto:halo@bobobox.example' },
      { _key: 'c', _type: 'link', href: 'tel:+628111234' },
      { _key: 'd', _type: 'link', href: '/faq/' },
    ];
    const blocks = defs.map((d) => block(d._key, defs, [d._key]));
    const en = renderPortableText(blocks, 'en');
    expect(en).toContain('<a href="https://example.com/x?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">a</a>');
    expect(en).toContain('<a href="mailto:halo@bobobox.example">b</a>');
    expect(en).toContain('<a href="tel:+628111234">c</a>');
    expect(en).toContain('<a href="/faq/">d</a>');
    expect(renderPortableText(blocks, 'id')).toContain('<a href="/id/faq/">d</a>');
  });

  test('lists and headings render as semantic HTML', () => {
    const html = renderPortableText(
      [
        { ...block('Title'), style: 'h3' },
        { ...block('one'), listItem: 'number', level: 1 },
        { ...block('two'), listItem: 'number', level: 1 },
      ],
      'en',
    );
    expect(html).toBe('<h3>Title</h3><ol><li>one</li><li>two</li></ol>');
  });
});

describe('safeHref', () => {
  test('accepts only http, https, mailto, tel and relative paths', () => {
    expect(safeHref('https://a.example')).toBe('https://a.example');
    expect(safeHref('http://a.example')).toBe('http://a.example');
    expect(safeHref('/promo/')).toBe('/promo/');
    expect(safeHref('ftp://a.example')).toBeUndefined();
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref(42)).toBeUndefined();
  });
});

describe('portableTextToPlain', () => {
  test('joins the text of blocks and ignores other nodes', () => {
    expect(portableTextToPlain([block('Hello'), { _type: 'html', html: '<b>x</b>' }, block('world')])).toBe(
      'Hello\nworld',
    );
  });
});
