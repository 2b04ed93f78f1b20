import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { schemaTypes } from '../../../content-schemas/index.ts';
import {
  createTranslationChecker,
  formatTranslationReport,
  type TranslationReport,
} from '../../../content-schemas/translation-report.ts';
import { readContentEnv, type ContentEnv } from './content-env.ts';
import { readAllDocuments } from './content-source.ts';

// The translation report of the content a build reads (drafts included: that is where a missing
// language usually waits), computed by the same function as the Studio's Translations tool.

const DOCUMENT_TYPES = schemaTypes.filter((t) => t.type === 'document').map((t) => t.name);

export async function contentTranslationReport(env: ContentEnv = readContentEnv()): Promise<TranslationReport> {
  const docs = await readAllDocuments(env, DOCUMENT_TYPES);
  return createTranslationChecker(schemaTypes as never).report(docs);
}

/** Astro integration: every build prints the report and writes it beside the build (translation-report.json). */
export function translationReportIntegration(): AstroIntegration {
  return {
    name: 'bobobox:translation-report',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const report = await contentTranslationReport();
        const text = formatTranslationReport(report);
        if (report.documents > 0) logger.warn(text);
        else logger.info(text);
        // `dir` is the client folder the server serves; the report goes one level up, with build-info.json.
        const file = new URL('../translation-report.json', dir);
        await writeFile(file, `${JSON.stringify({ generatedAt: new Date().toISOString(), ...report }, null, 2)}\n`);
      },
    },
  };
}
