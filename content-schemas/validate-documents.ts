// Validates documents (e.g. the bundled NDJSON) against the Studio schema in content-schemas/:
// the same field definitions and the same `validation` rule callbacks the Studio runs, replayed
// through a small recorder of Sanity's Rule API. Unknown Rule methods throw, so a schema that
// starts using one fails the dataset test instead of being silently skipped. Rules that ask the
// Studio's client (`context.getClient`, e.g. "each page exists once") query the other documents
// of the same set with groq-js, as the Studio would query the dataset.
import { evaluate, parse } from 'groq-js';

type Def = {
  name?: string;
  type: string;
  fields?: Def[];
  of?: Def[];
  validation?: (rule: RecordedRule) => RecordedRule | RecordedRule[];
  marks?: { annotations?: Def[] };
  options?: { list?: ({ value: unknown } | string)[] };
};

export type ValidationIssue = { documentId: string; path: string; message: string };

/** The part of Sanity's client a rule may use: `fetch` of a GROQ query with parameters. */
export type RuleClient = { fetch: (query: string, params?: Record<string, unknown>) => Promise<unknown> };
type RuleContext = {
  document: Record<string, unknown>;
  parent: unknown;
  path: (string | number)[];
  getClient: (options: { apiVersion: string }) => RuleClient;
};
type Op =
  | { kind: 'required' }
  | { kind: 'min' | 'max' | 'length'; n: number }
  | { kind: 'integer' | 'positive' | 'email' | 'unique' }
  | { kind: 'regex'; re: RegExp }
  | { kind: 'uri'; schemes: string[] }
  | { kind: 'custom'; fn: (value: unknown, context: RuleContext) => unknown };

/** Like Sanity's Rule, every call returns a new rule, so one rule may start several chains. */
class RecordedRule {
  readonly ops: readonly Op[];
  readonly message: string | undefined;
  readonly level: 'error' | 'warning';
  constructor(ops: readonly Op[] = [], message?: string, level: 'error' | 'warning' = 'error') {
    this.ops = ops;
    this.message = message;
    this.level = level;
  }
  private add(op: Op) {
    return new RecordedRule([...this.ops, op], this.message, this.level);
  }
  required() {
    return this.add({ kind: 'required' });
  }
  min(n: number) {
    return this.add({ kind: 'min', n });
  }
  max(n: number) {
    return this.add({ kind: 'max', n });
  }
  length(n: number) {
    return this.add({ kind: 'length', n });
  }
  integer() {
    return this.add({ kind: 'integer' });
  }
  positive() {
    return this.add({ kind: 'positive' });
  }
  email() {
    return this.add({ kind: 'email' });
  }
  unique() {
    return this.add({ kind: 'unique' });
  }
  regex(re: RegExp) {
    return this.add({ kind: 'regex', re });
  }
  uri(options: { scheme?: string[] } = {}) {
    return this.add({ kind: 'uri', schemes: options.scheme ?? ['http', 'https'] });
  }
  custom(fn: (value: unknown, context: RuleContext) => unknown) {
    return this.add({ kind: 'custom', fn });
  }
  error(message?: string) {
    return new RecordedRule(this.ops, message, 'error');
  }
  warning(message?: string) {
    return new RecordedRule(this.ops, message, 'warning');
  }
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

function sizeOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return undefined;
}

/** Returns failure messages of one rule chain for one value. */
async function runRule(rule: RecordedRule, value: unknown, context: RuleContext): Promise<string[]> {
  if (rule.level === 'warning') return [];
  const failures: string[] = [];
  const fail = (fallback: string) => failures.push(rule.message ?? fallback);
  for (const op of rule.ops) {
    if (op.kind === 'custom') {
      const result = await op.fn(value, context);
      if (typeof result === 'string') failures.push(result);
      else if (result && typeof result === 'object' && 'message' in result)
        failures.push(String((result as { message: unknown }).message));
      else if (result === false) fail('Invalid value');
      continue;
    }
    if (op.kind === 'required') {
      if (isEmpty(value)) fail('Required');
      continue;
    }
    if (value === undefined || value === null) continue;
    const size = sizeOf(value);
    switch (op.kind) {
      case 'min':
        if (size !== undefined && size < op.n) fail(`Must be at least ${op.n}`);
        break;
      case 'max':
        if (size !== undefined && size > op.n) fail(`Must be at most ${op.n}`);
        break;
      case 'length':
        if (size !== op.n) fail(`Must have exactly ${op.n}`);
        break;
      case 'integer':
        if (!Number.isInteger(value)) fail('Must be an integer');
        break;
      case 'positive':
        if (typeof value !== 'number' || value <= 0) fail('Must be positive');
        break;
      case 'email':
        if (typeof value !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) fail('Must be an e-mail address');
        break;
      case 'regex':
        if (typeof value !== 'string' || !op.re.test(value)) fail(`Does not match ${op.re}`);
        break;
      case 'uri': {
        let ok = false;
        try {
          ok = typeof value === 'string' && op.schemes.includes(new URL(value).protocol.replace(':', ''));
        } catch {
          ok = false;
        }
        if (!ok) fail(`Must be a ${op.schemes.join('/')} URL`);
        break;
      }
      case 'unique': {
        const seen = Array.isArray(value)
          ? value.map((x) => JSON.stringify(typeof x === 'object' && x ? { ...x, _key: undefined } : x))
          : [];
        if (new Set(seen).size !== seen.length) fail('Items must be unique');
        break;
      }
    }
  }
  return failures;
}

function dottedPath(path: (string | number)[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');
}

const META_KEYS = new Set([
  '_id',
  '_type',
  '_key',
  '_rev',
  '_createdAt',
  '_updatedAt',
  '_sanityAsset',
  'asset',
  'hotspot',
  'crop',
]);

/**
 * `documents`: the whole set the validated documents belong to (the dataset), which rules reach
 * through `context.getClient()`; without it they see only the document being validated.
 */
export function createDocumentValidator(schemaTypes: Def[], documents?: readonly Record<string, unknown>[]) {
  const named = new Map(schemaTypes.filter((t) => t.name).map((t) => [t.name as string, t]));
  const clientOver = (doc: Record<string, unknown>): RuleClient => ({
    fetch: async (query, params = {}) =>
      (await evaluate(parse(query, { params }), { dataset: [...(documents ?? [doc])], params })).get(),
  });

  function rulesOf(def: Def): RecordedRule[] {
    if (!def.validation) return [];
    const out = def.validation(new RecordedRule());
    return Array.isArray(out) ? out : [out];
  }

  async function validate(
    value: unknown,
    def: Def,
    path: (string | number)[],
    ctx: { document: Record<string, unknown>; parent: unknown },
    issues: ValidationIssue[],
  ): Promise<void> {
    const base = named.get(def.type);
    const resolved: Def = base ? { ...base, ...def, type: base.type, fields: base.fields, of: base.of } : def;
    const dotted = dottedPath(path);
    const report = (message: string): void => {
      issues.push({ documentId: String(ctx.document._id), path: dotted, message });
    };

    const getClient = () => clientOver(ctx.document);
    for (const rule of [...(base ? rulesOf(base) : []), ...rulesOf(def)])
      for (const message of await runRule(rule, value, { document: ctx.document, parent: ctx.parent, path, getClient }))
        report(message);
    if (value === undefined || value === null) return;

    const expectString = ['string', 'text', 'url', 'date', 'datetime'];
    if (expectString.includes(resolved.type) && typeof value !== 'string')
      return report(`Expected ${resolved.type} (a string), got ${typeof value}`);
    if (resolved.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value as string))
      return report('Expected a YYYY-MM-DD date');
    if (resolved.type === 'datetime' && Number.isNaN(Date.parse(value as string)))
      return report('Expected an ISO date-time');
    if (resolved.type === 'number' && typeof value !== 'number')
      return report(`Expected a number, got ${typeof value}`);
    if (resolved.type === 'boolean' && typeof value !== 'boolean')
      return report(`Expected true or false, got ${typeof value}`);
    if (resolved.type === 'string' && resolved.options?.list) {
      const allowed = resolved.options.list.map((o) => (typeof o === 'string' ? o : o.value));
      if (!allowed.includes(value)) return report(`"${String(value)}" is not one of ${allowed.join(', ')}`);
    }
    if (resolved.type === 'slug') {
      if (typeof value !== 'object' || typeof (value as { current?: unknown }).current !== 'string')
        report('Expected a slug object with "current"');
      return;
    }
    if (resolved.type === 'image' && typeof value === 'object') {
      const img = value as { asset?: { _ref?: string }; _sanityAsset?: string };
      if (!img.asset?._ref && !img._sanityAsset) report('Image has no asset');
    }
    if (['object', 'image', 'block'].includes(resolved.type) || (resolved.fields && resolved.type !== 'array')) {
      if (typeof value !== 'object' || Array.isArray(value)) return report('Expected an object');
      const fields = resolved.fields ?? [];
      const known = new Set(fields.map((f) => f.name));
      for (const k of Object.keys(value)) if (!known.has(k) && !META_KEYS.has(k)) report(`Unknown field "${k}"`);
      for (const field of fields)
        await validate(
          (value as Record<string, unknown>)[field.name as string],
          field,
          [...path, field.name as string],
          { ...ctx, parent: value },
          issues,
        );
      return;
    }
    if (resolved.type === 'array') {
      if (!Array.isArray(value)) return report('Expected an array');
      for (const [index, item] of value.entries()) {
        const itemPath = [...path, index];
        const members = resolved.of ?? [];
        if (item !== null && typeof item === 'object') {
          const o = item as Record<string, unknown>;
          if (typeof o._key !== 'string')
            issues.push({
              documentId: String(ctx.document._id),
              path: `${dotted}[${index}]`,
              message: 'Array item has no _key',
            });
          const member =
            members.find((m) => (m.name ?? m.type) === o._type) ??
            members.find((m) => !m.name && named.get(m.type) && o._type === m.type);
          if (!member) {
            issues.push({
              documentId: String(ctx.document._id),
              path: `${dotted}[${index}]`,
              message: `Item type "${String(o._type)}" is not allowed here`,
            });
            continue;
          }
          if (member.type === 'block') await validateBlock(o, member, itemPath, ctx, issues);
          else await validate(item, member, itemPath, { ...ctx, parent: value }, issues);
        } else {
          const member = members.find((m) => ['string', 'number', 'boolean'].includes(m.type));
          if (!member)
            issues.push({
              documentId: String(ctx.document._id),
              path: `${dotted}[${index}]`,
              message: 'Primitive item not allowed here',
            });
          else await validate(item, member, itemPath, { ...ctx, parent: value }, issues);
        }
      }
    }
  }

  async function validateBlock(
    block: Record<string, unknown>,
    member: Def,
    path: (string | number)[],
    ctx: { document: Record<string, unknown>; parent: unknown },
    issues: ValidationIssue[],
  ) {
    const annotations = member.marks?.annotations ?? [];
    const markDefs = Array.isArray(block.markDefs) ? (block.markDefs as Record<string, unknown>[]) : [];
    for (const [i, def] of markDefs.entries()) {
      const annotation = annotations.find((a) => a.name === def._type);
      const p = [...path, 'markDefs', i];
      if (!annotation)
        issues.push({
          documentId: String(ctx.document._id),
          path: dottedPath(p),
          message: `Annotation "${String(def._type)}" is not allowed`,
        });
      else await validate(def, { ...annotation, type: 'object' }, p, { ...ctx, parent: block }, issues);
    }
    if (!Array.isArray(block.children))
      issues.push({ documentId: String(ctx.document._id), path: dottedPath(path), message: 'Block has no children' });
  }

  return async function validateDocument(doc: Record<string, unknown>): Promise<ValidationIssue[]> {
    const issues: ValidationIssue[] = [];
    const type = named.get(String(doc._type));
    if (typeof doc._id !== 'string' || !doc._id)
      return [{ documentId: '(no _id)', path: '_id', message: 'Document has no _id' }];
    if (!type || (type as { type: string }).type !== 'document')
      return [{ documentId: doc._id, path: '_type', message: `Unknown document type "${String(doc._type)}"` }];
    await validate(doc, { ...type, type: 'object' }, [], { document: doc, parent: undefined }, issues);
    return issues;
  };
}

export function formatIssues(issues: ValidationIssue[]): string {
  return issues.map((i) => `${i.documentId} ${i.path || '(document)'}: ${i.message}`).join('\n');
}
