import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { depthAndCostRule, MAX_COST, MAX_DEPTH } from './limits.ts';

// A recursive schema, so depth can actually grow (the booking schema has no cycles).
const schema = buildSchema('type Node { name: String, child: Node, children: [Node] } type Query { root: Node }');
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
  it('counts every field including aliases against the cost limit', () => {
    const within = `{ ${Array.from({ length: MAX_COST / 2 }, (_, i) => `a${i}: root { name }`).join(' ')} }`;
    expect(check(within)).toHaveLength(0);
    const over = `{ ${Array.from({ length: MAX_COST / 2 + 1 }, (_, i) => `a${i}: root { name }`).join(' ')} }`;
    expect(check(over)[0].message).toMatch(/cost/);
  });
  it('does not count introspection', () => {
    expect(
      check('{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }'),
    ).toHaveLength(0);
  });
});
