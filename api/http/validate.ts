import * as v from 'valibot';
import type { Context } from 'hono';
import { errors } from './errors.ts';

/** Parse with a valibot schema; a mismatch is a 400 with the failing paths in `details`. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) {
    throw errors.badRequest(
      result.issues.slice(0, 5).map((i) => ({ path: v.getDotPath(i) ?? '', message: i.message })),
    );
  }
  return result.output;
}

/** Form-encoded by default, JSON accepted; anything unreadable is a 400, never a 500. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  try {
    if (type.includes('application/json')) {
      const body = await c.req.json();
      if (body === null || typeof body !== 'object' || Array.isArray(body)) throw errors.badRequest();
      return body as Record<string, unknown>;
    }
    if (type.includes('application/x-www-form-urlencoded')) return formFields(await c.req.text());
    if (type.includes('multipart/form-data')) {
      const form = await c.req.parseBody({ all: true });
      return Object.fromEntries(Object.entries(form).map(([k, val]) => [k.replace(/\[\]$/, ''), val]));
    }
    const text = await c.req.text();
    if (text.trim() === '') return {};
    return Object.fromEntries(new URLSearchParams(text));
  } catch (e) {
    if (e instanceof Error && 'status' in e) throw e;
    throw errors.badRequest();
  }
}

/**
 * A form-encoded body as fields: a repeated name, or one written `name[]`, gives an array (the
 * `[]` is dropped), as `parseBody({ all: true })` would, without building a web Response to parse it.
 */
export function formFields(text: string): Record<string, unknown> {
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const list = rawKey.endsWith('[]');
    const key = list ? rawKey.slice(0, -2) : rawKey;
    const prev = out[key];
    if (prev === undefined) out[key] = list ? [value] : value;
    else if (Array.isArray(prev)) prev.push(value);
    else out[key] = [prev, value];
  }
  return out;
}
