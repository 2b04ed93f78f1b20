// Small builders for the bundled dataset, so the copy reads as copy and not as JSON.
import { createHash } from 'node:crypto';

let keyCounter = 0;
/** Deterministic `_key` values: the generated NDJSON is stable across runs. */
export function key(): string {
  keyCounter += 1;
  return createHash('sha1').update(`k${keyCounter}`).digest('hex').slice(0, 12);
}
export function resetKeys(): void {
  keyCounter = 0;
}

export const ls = (id: string, en: string) => ({ _type: 'localeString', id, en });
export const lt = (id: string, en: string) => ({ _type: 'localeText', id, en });

type Span = { _type: 'span'; _key: string; text: string; marks: string[] };
type MarkDef = { _type: 'link'; _key: string; href: string };

/** Inline `**bold**` and `[label](href)` become spans and link annotations. */
function spans(text: string, markDefs: MarkDef[]): Span[] {
  const out: Span[] = [];
  const re = /\*\*(.+?)\*\*|\[(.+?)\]\((.+?)\)/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ _type: 'span', _key: key(), text: text.slice(last, m.index), marks: [] });
    if (m[1] !== undefined) out.push({ _type: 'span', _key: key(), text: m[1], marks: ['strong'] });
    else {
      const def: MarkDef = { _type: 'link', _key: key(), href: m[3] };
      markDefs.push(def);
      out.push({ _type: 'span', _key: key(), text: m[2], marks: [def._key] });
    }
    last = m.index + m[0].length;
  }
  if (last < text.length || out.length === 0) out.push({ _type: 'span', _key: key(), text: text.slice(last), marks: [] });
  return out;
}

/**
 * Paragraphs separated by blank lines; lines starting with "- " or "1. " are list items and
 * "### " a heading.
 */
export function blocks(source: string) {
  const result: Record<string, unknown>[] = [];
  for (const raw of source.trim().split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const markDefs: MarkDef[] = [];
    let style = 'normal';
    let listItem: string | undefined;
    let text = line;
    if (line.startsWith('### ')) [style, text] = ['h3', line.slice(4)];
    else if (line.startsWith('- ')) [listItem, text] = ['bullet', line.slice(2)];
    else if (/^\d+\. /.test(line)) [listItem, text] = ['number', line.replace(/^\d+\. /, '')];
    const children = spans(text, markDefs);
    result.push({ _type: 'block', _key: key(), style, markDefs, children, ...(listItem ? { listItem, level: 1 } : {}) });
  }
  return result;
}

export const pt = (id: string, en: string) => ({ _type: 'localePortableText', id: blocks(id), en: blocks(en) });

export function image(file: string, altId: string, altEn: string) {
  return { _type: 'image', _sanityAsset: `image@file://./images/${file}`, alt: ls(altId, altEn) };
}

export function withKeys<T extends object>(items: T[]): (T & { _key: string })[] {
  return items.map((item) => ({ _key: key(), ...item }));
}

export const highlight = (titleId: string, titleEn: string, bodyId: string, bodyEn: string) => ({
  _key: key(),
  _type: 'highlight',
  title: ls(titleId, titleEn),
  body: lt(bodyId, bodyEn),
});

export type Doc = { _id: string; _type: string } & Record<string, unknown>;
