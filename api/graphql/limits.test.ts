import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from 'graphql';
import { depthAndCostRule, MAX_ALIASES, MAX_COST, MAX_DEPTH } from './limits.ts';
import type { LimitWork } from './limits.ts';
import type { ValidationContext } from 'graphql';

// A recursive schema, so depth can actually grow (the booking schema has no cycles).
const schema = buildSchema(
  'type Node { name: String, child: Node, children: [Node] } type Query { root: Node } type Mutation { touch: Node, poke: Node }',
);
const check = (q: string) => validate(schema, parse(q), [...specifiedRules, depthAndCostRule]);
const nested = (depth: number) => `{ root ${'{ child '.repeat(depth - 2)}{ name }${' }'.repeat(depth - 2)} }`;

describe('depth and cost limits', () => {
  it('accepts a query at the depth limit and refuses one past it, through fragments too', () => {
    expect(check(nested(MAX_DEPTH))).toHaveLength(0);
    const errs = check(nested(MAX_DEPTH + 1));
    expect(errs).toHaveLength(1);
    expect(errs[0].extensions).toMatchObject({ code: 'query_too_complex', http: { status: 400 } });
    const viaFragment = `{ root { ...A } } fragment A on Node { child { child { child { child { child { child { name } } } } } } }`;
    expect(check(viaFragment)).toHaveLength(1);
  });
  it('counts every field selected, fragments expanded, against the cost limit', () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}: name`).join(' ');
    // Few aliases, many selections: the cost counts what is selected, not the response keys.
    const repeated = (n: number) => `{ root { ...F } } fragment F on Node { ${'name '.repeat(n)}${fields(1)} }`;
    expect(check(repeated(MAX_COST - 2))).toHaveLength(0);
    expect(check(repeated(MAX_COST))[0].message).toMatch(/cost/);
  });
  it(`refuses more than ${MAX_ALIASES} aliases, whatever they select`, () => {
    const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: root { name }`).join(' ')} }`;
    expect(check(aliased(MAX_ALIASES))).toHaveLength(0);
    expect(check(aliased(MAX_ALIASES + 1))[0].message).toMatch(/aliases exceed/);
  });
  it('counts introspection: the standard query passes, an aliased __schema bomb does not', () => {
    expect(
      check('{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }'),
    ).toHaveLength(0);
    expect(check(getIntrospectionQuery())).toHaveLength(0);
    const bomb = `{ ${Array.from({ length: 2 }, (_, i) => `s${i}: __schema { types { fields { name } } }`).join(' ')} }`;
    expect(check(bomb)[0].message).toMatch(/__schema may be selected once/);
    const costly = `{ __schema { types { ${Array.from({ length: MAX_COST }, (_, i) => `n${i}: name`).join(' ')} } } }`;
    expect(
      check(costly)
        .map((e) => e.message)
        .join(),
    ).toMatch(/cost|aliases/);
  });
  it('runs one mutation per request', () => {
    expect(check('mutation { touch { name } }')).toHaveLength(0);
    expect(check('mutation { touch { name } poke { name } }')[0].message).toMatch(/at most 1 mutation/);
    expect(check('mutation { a: touch { name } b: touch { name } }')[0].message).toMatch(/at most 1 mutation/);
  });
});

describe('work linear in the document', () => {
  // Each fragment spreads the next twice: n short lines select 2^n fields.
  const fanOut = (levels: number, nest: boolean) =>
    `{ root { ...F0 } }\n` +
    Array.from({ length: levels }, (_, i) =>
      nest
        ? `fragment F${i} on Node { child { ...F${i + 1} ...F${i + 1} } }`
        : `fragment F${i} on Node { ...F${i + 1} ...F${i + 1} }`,
    ).join('\n') +
    `\nfragment F${levels} on Node { name }`;
  const measured = (q: string) => {
    const work: LimitWork = { selections: 0 };
    const rule = (context: ValidationContext) => depthAndCostRule(context, work);
    const errors = validate(schema, parse(q), [rule]);
    return { errors, work: work.selections };
  };

  it('refuses the fan-out document at any depth after work bounded by its length', () => {
    for (const levels of [9, 22, 30, 60])
      for (const nest of [false, true]) {
        const { errors, work } = measured(fanOut(levels, nest));
        expect(errors.map((e) => e.message).join()).toMatch(nest ? /depth/ : /cost/);
        // Each fragment's two spreads and its field are measured once: three selections a line.
        expect(work).toBeLessThanOrEqual(3 * (levels + 2));
      }
  });

  it('still counts a fragment as often as it is spread: two spreads cost twice', () => {
    const wide = (n: number) => `{ root { ...A ...A } } fragment A on Node { ${'name '.repeat(n)} }`;
    expect(measured(wide(MAX_COST / 2 - 1)).errors).toHaveLength(0);
    expect(measured(wide(MAX_COST / 2 + 1)).errors[0]?.message).toMatch(/cost/);
  });
});
