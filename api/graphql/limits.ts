import { GraphQLError, Kind } from 'graphql';
import type {
  ASTVisitor,
  FragmentDefinitionNode,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationContext,
} from 'graphql';

// The deepest real operation (ReservationSearch > roomTypes > addOns > items > price) is 5.
export const MAX_DEPTH = 6;
export const MAX_COST = 300;
/** Brackets ({, [) a document may nest, selections and literal values together: well past MAX_DEPTH. */
export const MAX_DOCUMENT_NESTING = 32;

/** Aliases one request may use: enough for a page that asks for a few variants, never a multiplier. */
export const MAX_ALIASES = 20;
/** Root fields a mutation may select: one change per request, like the REST call it mirrors. */
export const MAX_MUTATION_FIELDS = 1;

const tooComplex = (message: string, node: OperationDefinitionNode) =>
  new GraphQLError(message, { nodes: [node], extensions: { code: 'query_too_complex', http: { status: 400 } } });

/** How much work the rule did on one document: selections measured (a test counts it, never a clock). */
export type LimitWork = { selections: number };

/**
 * The request limits of the gateways, as one validation rule (each refusal is HTTP 400):
 * - depth at most MAX_DEPTH, fragments expanded (introspection subtrees, whose type references
 *   nest by design, do not count for depth);
 * - cost at most MAX_COST fields selected, fragments expanded, every alias and every introspection
 *   field included (only `__typename` is free): an aliased `__schema` bomb costs what it selects;
 * - at most MAX_ALIASES aliases in the document, so no request multiplies a resolver's work, and
 *   `__schema` at most once;
 * - a mutation selects at most MAX_MUTATION_FIELDS root field.
 * There is no batching (the body is one JSON object with one query), so a request costs at most
 * what its one operation selects.
 *
 * Linear in the document: each fragment is measured once (per introspection context) and its
 * measure reused wherever it is spread, depth being an offset; a cost past MAX_COST stops the
 * measuring, so a chain of fragments that each spread the next twice (2^n fields from n lines) is
 * refused after reading each line once. A fragment spread inside itself counts nothing (the
 * standard rules report the cycle).
 */
export function depthAndCostRule(context: ValidationContext, work?: LimitWork): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of context.getDocument().definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  type Measure = { depth: number; cost: number; roots: number };
  const EMPTY: Measure = { depth: 0, cost: 0, roots: 0 };
  // A fragment's measure from depth 0, by name and introspection context; `null` while measuring.
  const memo = new Map<string, Measure | null>();

  const fragmentMeasure = (name: string, introspection: boolean): Measure => {
    const key = `${introspection ? 'i' : 'o'}:${name}`;
    const known = memo.get(key);
    if (known !== undefined) return known ?? EMPTY;
    const frag = fragments.get(name);
    if (!frag) return EMPTY;
    memo.set(key, null);
    const m = measure(frag.selectionSet, introspection);
    memo.set(key, m);
    return m;
  };

  // Depth relative to the selection set's parent; cost capped just past MAX_COST (enough to refuse).
  const measure = (set: SelectionSetNode | undefined, introspection: boolean): Measure => {
    if (!set) return EMPTY;
    let maxDepth = 0;
    let cost = 0;
    let roots = 0;
    for (const s of set.selections) {
      if (work) work.selections += 1;
      if (s.kind === Kind.FIELD) {
        const name = s.name.value;
        if (name === '__typename') continue;
        const inside = introspection || name === '__schema' || name === '__type';
        const inner = measure(s.selectionSet, inside);
        cost += 1 + inner.cost;
        roots += 1;
        if (!inside) maxDepth = Math.max(maxDepth, 1 + (s.selectionSet ? inner.depth : 0));
      } else {
        const inner =
          s.kind === Kind.INLINE_FRAGMENT
            ? measure(s.selectionSet, introspection)
            : fragmentMeasure(s.name.value, introspection);
        cost += inner.cost;
        roots += inner.roots;
        maxDepth = Math.max(maxDepth, inner.depth);
      }
      if (cost > MAX_COST) return { depth: maxDepth, cost: MAX_COST + 1, roots };
    }
    return { depth: maxDepth, cost, roots };
  };

  let aliases = 0;
  let schemas = 0;
  return {
    Field(node) {
      if (node.alias) aliases += 1;
      if (node.name.value === '__schema') schemas += 1;
    },
    Document: {
      leave(node) {
        const op = node.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
        if (!op) return;
        if (aliases > MAX_ALIASES) context.reportError(tooComplex(`${aliases} aliases exceed ${MAX_ALIASES}`, op));
        // The whole schema once per request is documentation; twice is only a multiplier.
        if (schemas > 1) context.reportError(tooComplex('__schema may be selected once per request', op));
      },
    },
    OperationDefinition(node) {
      const { depth, cost, roots } = measure(node.selectionSet, false);
      if (depth > MAX_DEPTH) context.reportError(tooComplex(`query depth ${depth} exceeds ${MAX_DEPTH}`, node));
      else if (cost > MAX_COST) context.reportError(tooComplex(`query cost exceeds ${MAX_COST}`, node));
      if (node.operation === 'mutation' && roots > MAX_MUTATION_FIELDS)
        context.reportError(tooComplex(`a request may run at most ${MAX_MUTATION_FIELDS} mutation`, node));
    },
  };
}
