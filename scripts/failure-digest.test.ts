import { describe, expect, it } from 'vitest';
import { failureDigest } from './failure-digest.ts';

// `npm test` ends a failed step with what failed, after whatever the step printed last (on real
// PostgreSQL: pg_virtualenv's dump of the server log).

const esc = '\u001b';
const vitest = [
  ` ${esc}[31m❯${esc}[39m ${esc}[30m${esc}[42m ops ${esc}[49m${esc}[39m tests/ops/two-nodes.ops.test.ts (1 test | 1 failed)`,
  `${esc}[41m${esc}[1m FAIL ${esc}[22m${esc}[49m ${esc}[30m${esc}[42m ops ${esc}[49m${esc}[39m tests/ops/two-nodes.ops.test.ts${esc}[2m > ${esc}[22mtwo nodes${esc}[2m > ${esc}[22mbooks through SIGKILL`,
  `${esc}[31m${esc}[1mAssertionError${esc}[22m: expected 409 to be 201 // Object.is equality${esc}[39m`,
  '',
  '- Expected',
  `${esc}[2m Test Files ${esc}[22m ${esc}[1m${esc}[31m1 failed${esc}[39m${esc}[22m${esc}[90m (10)${esc}[39m`,
  `${esc}[2m      Tests ${esc}[22m ${esc}[1m${esc}[31m1 failed${esc}[39m${esc}[22m | 10 passed (11)`,
  '*** /tmp/pg_virtualenv.x/log/postgresql-15-regress.log (last 100 lines) ***',
  '2026-12-07 15:57:00.312 WIB [13470] postgres@two_nodes ERROR:  sold out',
  '2026-12-07 15:57:45.105 WIB [13690] postgres@ops ERROR:  relation "drizzle.__drizzle_migrations" does not exist',
].join('\n');

const playwright = [
  '  ✘  12 [chromium] › tests/e2e/pay.e2e.ts:40:3 › pays with a card (3.1s)',
  '  1) [chromium] › tests/e2e/pay.e2e.ts:40:3 › pays with a card ─────────────────',
  '',
  '    Error: expect(locator).toHaveText(expected) failed',
  '',
  '  1 failed',
  '    [chromium] › tests/e2e/pay.e2e.ts:40:3 › pays with a card',
  '  561 passed (25.0m)',
].join('\n');

describe('failureDigest', () => {
  it("names Vitest's failed test with its error and the counts, and none of PostgreSQL's log", () => {
    expect(failureDigest(vitest)).toEqual([
      ' FAIL   ops  tests/ops/two-nodes.ops.test.ts > two nodes > books through SIGKILL',
      'AssertionError: expected 409 to be 201 // Object.is equality',
      ' Test Files  1 failed (10)',
      '      Tests  1 failed | 10 passed (11)',
    ]);
  });

  it("names Playwright's failed test with its error and the counts", () => {
    expect(failureDigest(playwright)).toEqual([
      '  1) [chromium] › tests/e2e/pay.e2e.ts:40:3 › pays with a card',
      '    Error: expect(locator).toHaveText(expected) failed',
      '  1 failed',
      '  561 passed (25.0m)',
    ]);
  });

  it('finds type errors, and is empty when nothing it knows failed', () => {
    expect(failureDigest("site/x.ts(3,7): error TS2322: Type 'string' is not assignable.")).toHaveLength(1);
    expect(
      failureDigest(
        `${esc}[96mscripts/x.ts${esc}[0m:${esc}[93m1${esc}[0m:14 - ${esc}[91merror${esc}[0m${esc}[90m ts(2322): ${esc}[0mType 'string' is not assignable.`,
      ),
    ).toEqual(["scripts/x.ts:1:14 - error ts(2322): Type 'string' is not assignable."]);
    expect(failureDigest('eslint: 0 problems\nall fine')).toEqual([]);
  });

  it('keeps to 60 lines, saying how many more', () => {
    const many = Array.from({ length: 70 }, (_, i) => `x.ts(${i},1): error TS2322: bad ${i}`).join('\n');
    const digest = failureDigest(many);
    expect(digest).toHaveLength(61);
    expect(digest.at(-1)).toBe('… 10 more');
  });
});
