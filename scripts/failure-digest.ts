import { stripVTControlCharacters } from 'node:util';

// What failed in a test step, in a few lines for the end of `npm test`'s output. A step on real
// PostgreSQL ends with pg_virtualenv's dump of the server log (100 lines per cluster) after the test
// runner's own report, so whoever reads only the last part of a failed run (a CI summary) saw the
// server's log and not which test failed. `npm test` prints this digest after the failed step.

const MAX_LINES = 60;

/** The failed tests and their first error line, found in the output of Vitest, Playwright or tsc. */
export function failureDigest(output: string): string[] {
  const lines = stripVTControlCharacters(output).split(/\r?\n/);
  const picked: string[] = [];
  const take = (line: string) => {
    const trimmed = line.trimEnd();
    if (trimmed && !picked.includes(trimmed)) picked.push(trimmed);
  };
  const firstError = (from: number, within: number) => {
    for (let j = from; j < Math.min(lines.length, from + within); j++)
      if (/\b\w*Error\b|expected|Timeout|timed out/i.test(lines[j]!)) return take(lines[j]!);
  };
  lines.forEach((line, i) => {
    // Vitest: " FAIL  ops  tests/x.ops.test.ts > group > name", its error on the next lines.
    if (/^\s*FAIL\s/.test(line)) {
      take(line);
      firstError(i + 1, 4);
    }
    // Playwright: "  1) [chromium] › tests/e2e/x.e2e.ts:10:3 › title ───", the error a few lines on.
    else if (/^\s*\d+\) \[[^\]]+\] › /.test(line)) {
      take(line.replace(/\s*─+\s*$/, ''));
      firstError(i + 1, 8);
    }
    // tsc and astro check; the runners' counts.
    else if (/\berror (TS\d+|ts\(\d+\)):/.test(line) || /^\s*(Test Files|Tests)\s+\d/.test(line)) take(line);
    else if (/^\s*\d+ (failed|flaky|passed|did not run)\b/.test(line)) take(line);
  });
  return picked.length > MAX_LINES ? [...picked.slice(0, MAX_LINES), `… ${picked.length - MAX_LINES} more`] : picked;
}
