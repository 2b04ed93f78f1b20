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
 */
export function depthAndCostRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of context.getDocument().definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  const measure = (
    set: SelectionSetNode | undefined,
    depth: number,
    seen: Set<string>,
    introspection: boolean,
  ): { depth: number; cost: number; roots: number } => {
    if (!set) return { depth, cost: 0, roots: 0 };
    let maxDepth = depth;
    let cost = 0;
    let roots = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        const name = s.name.value;
        if (name === '__typename') continue;
        const inside = introspection || name === '__schema' || name === '__type';
        const inner = measure(s.selectionSet, depth + 1, seen, inside);
        cost += 1 + inner.cost;
        roots += 1;
        if (!inside) maxDepth = Math.max(maxDepth, s.selectionSet ? inner.depth : depth + 1);
      } else {
        const frag = s.kind === Kind.INLINE_FRAGMENT ? s : fragments.get(s.name.value);
        const name = s.kind === Kind.FRAGMENT_SPREAD ? s.name.value : null;
        if (!frag || (name && seen.has(name))) continue; // cycles are reported by the standard rules
        const inner = measure(frag.selectionSet, depth, name ? new Set([...seen, name]) : seen, introspection);
        cost += inner.cost;
        roots += inner.roots;
        maxDepth = Math.max(maxDepth, inner.depth);
      }
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
      const { depth, cost, roots } = measure(node.selectionSet, 0, new Set(), false);
      if (depth > MAX_DEPTH) context.reportError(tooComplex(`query depth ${depth} exceeds ${MAX_DEPTH}`, node));
      else if (cost > MAX_COST) context.reportError(tooComplex(`query cost ${cost} exceeds ${MAX_COST}`, node));
      if (node.operation === 'mutation' && roots > MAX_MUTATION_FIELDS)
        context.reportError(tooComplex(`a request may run at most ${MAX_MUTATION_FIELDS} mutation`, node));
    },
  };
}
