// `npm run dataset:import [-- --replace]`: loads the bundled dataset (content/dataset/production.ndjson
// with its images) into a real Sanity project with `sanity dataset import`.
// Needs SANITY_PROJECT_ID, SANITY_DATASET (default production) and a write token in SANITY_TOKEN.
// The dataset is validated against the Studio schema first, so nothing broken is uploaded.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaTypes } from '../content-schemas/index.ts';
import { createDocumentValidator, formatIssues } from '../content-schemas/validate-documents.ts';
import { embargoFutureDocuments } from '../site/lib/content/content-source.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.resolve(root, process.env.CONTENT_DATASET ?? 'content/dataset/production.ndjson');
const dataset = process.env.SANITY_DATASET || 'production';

const docs = readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const validate = createDocumentValidator(schemaTypes as never, docs);
// Drafts are work in progress (the Studio validates a draft when it is published).
const published = docs.filter((doc) => !String(doc._id).startsWith('drafts.'));
const issues = (await Promise.all(published.map((doc) => validate(doc)))).flat();
if (issues.length > 0) {
  console.error(`The dataset does not pass the Studio schema:\n${formatIssues(issues)}`);
  process.exit(1);
}
if (!process.env.SANITY_PROJECT_ID || !process.env.SANITY_TOKEN) {
  console.error('dataset:import needs SANITY_PROJECT_ID and a write token in SANITY_TOKEN (see content/README.md).');
  process.exit(1);
}
// Embargo: what is scheduled to publish later goes up as a draft (private), published by the site's
// schedule at its time (README "Scheduling"). The copy sits beside the original: image paths are relative.
const upload = embargoFutureDocuments(docs, new Date());
const embargoed = upload.filter((doc) => String(doc._id).startsWith('drafts.')).length;
const uploadFile = path.join(path.dirname(file), `.import-${process.pid}.ndjson`);
writeFileSync(uploadFile, `${upload.map((doc) => JSON.stringify(doc)).join('\n')}\n`);
console.log(
  `Importing ${docs.length} documents (${embargoed} scheduled for later, as drafts) from ${path.relative(root, file)} into ${process.env.SANITY_PROJECT_ID}/${dataset}…`,
);
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'scripts', 'studio.ts'),
    'dataset-import',
    uploadFile,
    '--dataset',
    dataset,
    '--project',
    process.env.SANITY_PROJECT_ID,
    '--token',
    process.env.SANITY_TOKEN,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: process.env },
);
rmSync(uploadFile, { force: true });
process.exit(result.status ?? 1);
