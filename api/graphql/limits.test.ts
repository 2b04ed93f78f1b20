import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from 'graphql';
import { depthAndCostRule, MAX_ALIASES, MAX_COST, MAX_DEPTH } from './limits.ts';

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
