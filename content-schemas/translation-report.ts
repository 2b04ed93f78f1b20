import { CONTENT_LANGS, type ContentLang } from './constants.ts';

// Which documents miss Indonesian or English text, and in which fields: one function for the
// Studio's Translations tool (studio/translation-tool.tsx), the report every site build prints and
// writes (site/lib/content/translation-build-report.ts) and the development page (/dev/translations/).
// It walks the schema in content-schemas/, so a field added there is checked without a change here.

type Def = {
  name?: string;
  title?: string;
  type: string;
  fields?: Def[];
  of?: Def[];
};

/** The object types holding one value per language (locale-string.ts, locale-text.ts, locale-portable-text.ts). */
export const LOCALE_TYPES = new Set(['localeString', 'localeText', 'localePortableText']);

export type MissingField = { path: string; title: string; missing: ContentLang[] };
export type DocumentGaps = { id: string; title: string; draft: boolean; fields: MissingField[] };
export type TypeGaps = { type: string; title: string; checked: number; documents: DocumentGaps[] };
export type TranslationReport = { types: TypeGaps[]; documents: number; fields: number };

function hasText(value: unknown): boolean {
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value))
    // Portable Text: at least one span with text.
    return value.some((block) => {
      const children = (block as { children?: { text?: unknown }[] } | null)?.children;
      return Array.isArray(children)
        ? children.some((c) => typeof c?.text === 'string' && c.text.trim().length > 0)
        : block !== null && block !== undefined;
    });
  return false;
}

/** Languages a localized value lacks; none when the value is absent (the field is then simply empty). */
export function missingLanguages(value: unknown): ContentLang[] {
  if (value === undefined || value === null || typeof value !== 'object') return [];
  const localized = value as Record<string, unknown>;
  return CONTENT_LANGS.filter((lang) => !hasText(localized[lang.key])).map((lang) => lang.key);
}

function label(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value;
  if (value && typeof value === 'object') {
    const localized = value as Record<string, unknown>;
    for (const lang of ['en', 'id'])
      if (typeof localized[lang] === 'string' && (localized[lang] as string).trim()) return localized[lang] as string;
  }
  return undefined;
}

/** A readable name for a document: its title in either language, its key, its slug or its id. */
function documentTitle(doc: Record<string, unknown>): string {
  return (
    label(doc.title) ??
    label(doc.name) ??
    label(doc.key) ??
    label((doc.slug as { current?: unknown } | undefined)?.current) ??
    String(doc._id)
  );
}

export function createTranslationChecker(schemaTypes: readonly Def[]) {
  const named = new Map(schemaTypes.filter((t) => t.name).map((t) => [t.name as string, t]));

  function walk(value: unknown, def: Def, path: string, titles: string[], out: MissingField[]) {
    if (value === undefined || value === null) return;
    if (LOCALE_TYPES.has(def.type)) {
      const missing = missingLanguages(value);
      if (missing.length > 0) out.push({ path, title: titles.join(' › '), missing });
      return;
    }
    const base = named.get(def.type);
    const fields = def.fields ?? base?.fields;
    const members = def.of ?? base?.of;
    if (Array.isArray(value) && members) {
      value.forEach((item, index) => {
        const type = (item as { _type?: string } | null)?._type;
        const member =
          members.find((m) => (m.name ?? m.type) === type) ?? (members.length === 1 ? members[0] : undefined);
        const key = (item as { _key?: string } | null)?._key;
        if (member) walk(item, member, `${path}[${key ? `_key=="${key}"` : index}]`, [...titles, `#${index + 1}`], out);
      });
      return;
    }
    if (fields && typeof value === 'object' && !Array.isArray(value)) {
      for (const field of fields) {
        const name = field.name as string;
        walk(
          (value as Record<string, unknown>)[name],
          field,
          path ? `${path}.${name}` : name,
          [...titles, field.title ?? name],
          out,
        );
      }
    }
  }

  /** The fields of one document that lack a language (an empty list when it is complete). */
  function documentGaps(doc: Record<string, unknown>): MissingField[] {
    const type = named.get(String(doc._type));
    if (!type || type.type !== 'document') return [];
    const out: MissingField[] = [];
    walk(doc, { ...type, type: 'object' }, '', [], out);
    return out;
  }

  /** Per document type, every document (published or draft) with a field that misses a language. */
  function report(docs: readonly Record<string, unknown>[]): TranslationReport {
    const types: TypeGaps[] = [];
    for (const type of schemaTypes.filter((t) => t.type === 'document')) {
      const ofType = docs.filter((d) => d._type === type.name);
      const documents = ofType.flatMap((doc) => {
        const fields = documentGaps(doc);
        const id = String(doc._id);
        return fields.length ? [{ id, title: documentTitle(doc), draft: id.startsWith('drafts.'), fields }] : [];
      });
      types.push({
        type: type.name as string,
        title: type.title ?? (type.name as string),
        checked: ofType.length,
        documents,
      });
    }
    const all = types.flatMap((t) => t.documents);
    return { types, documents: all.length, fields: all.reduce((n, d) => n + d.fields.length, 0) };
  }

  return { documentGaps, report };
}

/** The report as lines for a terminal or a build log. */
export function formatTranslationReport(report: TranslationReport): string {
  if (report.documents === 0) return 'Translations: every document has Indonesian and English text.';
  const lines = [`Translations: ${report.documents} document(s) miss a language in ${report.fields} field(s).`];
  for (const type of report.types)
    for (const doc of type.documents)
      for (const field of doc.fields)
        lines.push(
          `  ${type.title} "${doc.title}" (${doc.id}${doc.draft ? ', draft' : ''}) ${field.path}: missing ${field.missing.join(', ')}`,
        );
  return lines.join('\n');
}
