import { GraphQLError, Kind } from 'graphql';
import type { ASTVisitor, FragmentDefinitionNode, SelectionSetNode, ValidationContext } from 'graphql';

// The deepest real operation (ReservationSearch > roomTypes > addOns > items > price) is 5.
export const MAX_DEPTH = 6;
export const MAX_COST = 300;
/** Brackets ({, [) a document may nest, selections and literal values together: well past MAX_DEPTH. */
export const MAX_DOCUMENT_NESTING = 32;

/**
 * Refuse operations deeper than MAX_DEPTH or selecting more than MAX_COST fields (fragments
 * expanded; every field counts 1, aliases included). Introspection fields (`__schema`, `__type`) are not counted:
 * the schema stays introspectable as public documentation. Refusals are HTTP 400.
 */
export function depthAndCostRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of context.getDocument().definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  const measure = (
    set: SelectionSetNode | undefined,
    depth: number,
    seen: Set<string>,
  ): { depth: number; cost: number } => {
    if (!set) return { depth, cost: 0 };
    let maxDepth = depth;
    let cost = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (s.name.value.startsWith('__')) continue;
        const inner = measure(s.selectionSet, depth + 1, seen);
        cost += 1 + inner.cost;
        maxDepth = Math.max(maxDepth, s.selectionSet ? inner.depth : depth + 1);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        const inner = measure(s.selectionSet, depth, seen);
        cost += inner.cost;
        maxDepth = Math.max(maxDepth, inner.depth);
      } else {
        const name = s.name.value;
        const frag = fragments.get(name);
        if (!frag || seen.has(name)) continue; // cycles are reported by the standard rules
        const inner = measure(frag.selectionSet, depth, new Set([...seen, name]));
        cost += inner.cost;
        maxDepth = Math.max(maxDepth, inner.depth);
      }
    }
    return { depth: maxDepth, cost };
  };

  return {
    OperationDefinition(node) {
      const { depth, cost } = measure(node.selectionSet, 0, new Set());
      if (depth > MAX_DEPTH || cost > MAX_COST) {
        context.reportError(
          new GraphQLError(
            depth > MAX_DEPTH ? `query depth ${depth} exceeds ${MAX_DEPTH}` : `query cost ${cost} exceeds ${MAX_COST}`,
            {
              nodes: [node],
              extensions: { code: 'query_too_complex', http: { status: 400 } },
            },
          ),
        );
      }
    },
  };
}
