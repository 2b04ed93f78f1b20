import { useEffect, useState } from 'react';
import { schemaTypes } from '../content-schemas/index.ts';
import { createTranslationChecker, type TranslationReport } from '../content-schemas/translation-report.ts';

// The Studio's Translations tool: per document type, which documents (drafts included) miss
// Indonesian or English text, and in which fields. The same function computes the report every
// site build prints and the development page /dev/translations/ (content-schemas/translation-report.ts).
// The view reads the documents through `load` (the Studio's client in studio/translations.tsx, the
// bundled dataset in the harness of tests/studio-harness/): no `sanity` import at run time here.

const checker = createTranslationChecker(schemaTypes as never);
export const DOCUMENT_TYPES = schemaTypes.filter((t) => t.type === 'document').map((t) => t.name);
const LANG_NAMES: Record<string, string> = { id: 'Bahasa Indonesia', en: 'English' };
const cell = {
  border: '1px solid #cbd5e1',
  padding: '0.4rem 0.6rem',
  textAlign: 'left',
  verticalAlign: 'top',
} as const;

export function TranslationsView({ load }: { load: () => Promise<Record<string, unknown>[]> }) {
  const [report, setReport] = useState<TranslationReport | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    load()
      .then((docs) => live && setReport(checker.report(docs)))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [load]);

  if (error) return <p style={{ padding: '1rem' }}>Could not read the documents: {error}</p>;
  if (!report) return <p style={{ padding: '1rem' }}>Checking every document…</p>;
  return (
    <div style={{ padding: '1rem', overflow: 'auto', height: '100%' }}>
      <h1>Translations</h1>
      <p>
        {report.documents
          ? `${report.documents} document(s) miss a language in ${report.fields} field(s).`
          : 'Every document has Indonesian and English text.'}
      </p>
      {report.types.map((type) => (
        <section key={type.type}>
          <h2>
            {type.title}{' '}
            <small>
              {type.documents.length} of {type.checked} incomplete
            </small>
          </h2>
          {type.documents.length > 0 && (
            <table style={{ borderCollapse: 'collapse', width: '100%' }}>
              <thead>
                <tr>
                  <th style={cell}>Document</th>
                  <th style={cell}>Field</th>
                  <th style={cell}>Missing</th>
                </tr>
              </thead>
              <tbody>
                {type.documents.flatMap((doc) =>
                  doc.fields.map((field) => (
                    <tr key={`${doc.id}:${field.path}`}>
                      <td style={cell}>
                        <a
                          href={`/intent/edit/id=${encodeURIComponent(doc.id.replace(/^drafts\./, ''))};type=${type.type}`}
                        >
                          {doc.title}
                        </a>
                        {doc.draft ? ' (draft)' : ''}
                      </td>
                      <td style={cell}>
                        {field.title} <code>{field.path}</code>
                      </td>
                      <td style={cell}>{field.missing.map((lang) => LANG_NAMES[lang] ?? lang).join(', ')}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </div>
  );
}
