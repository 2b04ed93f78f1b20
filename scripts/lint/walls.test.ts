import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The lint step of `npm test` is what keeps the walls of the house standing (README "Layout"): these
// tests lint small probe sources with the repository's own eslint.config.js and prove that a breach
// of each wall, and an import circle, are errors, while the allowed direction is not.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function rulesFor(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

describe('walls between the folders', () => {
  const breaches: [string, string, string][] = [
    ['islands -> api', 'islands/wall-probe.ts', "import * as other from '../api/app.ts';"],
    ['islands -> site', 'islands/wall-probe.ts', "import * as other from '../site/lib/content/content-source.ts';"],
    ['site -> api', 'site/lib/wall-probe.ts', "import * as other from '../../api/app.ts';"],
    ['site -> server', 'site/lib/wall-probe.ts', "import * as other from '../../server/server.ts';"],
    ['api -> site', 'api/wall-probe.ts', "import * as other from '../site/lib/constants.ts';"],
    ['api -> islands', 'api/wall-probe.ts', "import * as other from '../islands/stores/$auth.ts';"],
    ['api -> server', 'api/wall-probe.ts', "import * as other from '../server/compose.ts';"],
    ['core -> api', 'core/wall-probe.ts', "import * as other from '../api/app.ts';"],
  ];
  it.each(breaches)('%s is a lint error', async (_name, file, code) => {
    expect(await rulesFor(`${code}\nexport const probe = other;\n`, file)).toContain('import-x/no-restricted-paths');
  });

  it('importing the kernel is allowed from api, site and islands', async () => {
    for (const file of ['api/wall-probe.ts', 'site/lib/wall-probe.ts', 'islands/wall-probe.ts']) {
      const up = file.split('/').length - 1;
      const code = `import { LOCALES } from '${'../'.repeat(up)}core/locales.ts';\nexport const probe = LOCALES;\n`;
      expect(await rulesFor(code, file)).toEqual([]);
    }
  });
});

describe('site/ and the content schemas', () => {
  it('a page or component importing content-schemas/ is a lint error; the content module may', async () => {
    const code = (up: number) =>
      `import { PAGE_KEYS } from '${'../'.repeat(up)}content-schemas/constants.ts';\nexport const probe = PAGE_KEYS;\n`;
    expect(await rulesFor(code(2), 'site/components/wall-probe.ts')).toContain('no-restricted-imports');
    expect(await rulesFor(code(3), 'site/lib/content/wall-probe.ts')).toEqual([]);
  });
});

describe('site/scripts and the islands', () => {
  it('a page script importing island code past its public entry is a lint error; the entry is allowed', async () => {
    const deep = "import { $auth } from '../../islands/stores/$auth.ts';\nexport const probe = $auth;\n";
    const entry = "import { $auth } from '../../islands/public.ts';\nexport const probe = $auth;\n";
    expect(await rulesFor(deep, 'site/scripts/wall-probe.ts')).toContain('no-restricted-imports');
    expect(await rulesFor(entry, 'site/scripts/wall-probe.ts')).toEqual([]);
    const lazy = "export const probe = () => import('../../islands/lib/api-client.ts');\n";
    expect(await rulesFor(lazy, 'site/scripts/wall-probe.ts')).toContain('no-restricted-syntax');
    // The content-schemas wall still holds for page scripts.
    const schemas =
      "import { PAGE_KEYS } from '../../content-schemas/constants.ts';\nexport const probe = PAGE_KEYS;\n";
    expect(await rulesFor(schemas, 'site/scripts/wall-probe.ts')).toContain('no-restricted-imports');
  });
});

describe('import circles', () => {
  const dir = path.join(root, 'scripts', 'lint', `cycle-probe-${process.pid}`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('two modules importing each other are a lint error', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
    const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
