import type { Context } from 'hono';
import { FILE_FIELDS } from '../../core/contracts/forms.ts';
import type { FileField } from '../../core/contracts/forms.ts';
import { formFields } from '../http/input.ts';

// Reading a form as a browser posts it: urlencoded (no files) or multipart. A multipart body is counted
// while it streams and cut off at the limit, as hono/body-limit cuts the profile uploads: the reader is
// cancelled and nothing past the limit is read or kept. Unlike a picture upload (and unlike bodyLimit,
// which keeps nothing of a body past its limit, hence this reader), what came before the cut is not
// thrown away: the text fields come first in the form, so the complete parts
// read so far give back every typed value, and the guest sees the form again with them (files never).

export type FormBody = {
  fields: Record<string, string>;
  files: Record<FileField, File[]>;
  /** The body passed the limit: its files are refused, its text fields are what was read. */
  truncated: boolean;
};

export class UnreadableForm extends Error {}

const noFiles = (): Record<FileField, File[]> => ({ photos: [], video: [], document: [] });

/** Form values as strings: the first of a repeated name, never a file. */
function textFields(entries: Iterable<[string, unknown]>): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [key, value] of entries) {
    if (typeof value === 'string' && !(key in out)) out[key] = value;
    else if (Array.isArray(value) && typeof value[0] === 'string' && !(key in out)) out[key] = value[0];
  }
  return out;
}

/** The body up to `max` bytes, and whether there was more (the rest is not read). */
async function readUpTo(
  request: Request,
  max: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; truncated: boolean }> {
  if (!request.body) return { bytes: new Uint8Array(0), truncated: false };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > max) {
      chunks.push(value.subarray(0, max - size));
      size = max;
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, truncated };
}

function lastIndexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = haystack.length - needle.length; i >= 0; i--) {
    for (let k = 0; k < needle.length; k++) if (haystack[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

async function parseMultipart(bytes: Uint8Array<ArrayBuffer>, type: string): Promise<FormData> {
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new UnreadableForm();
  }
}

/**
 * A form body: urlencoded (already bounded and read by the API's edge) or multipart, read here up to
 * `maxMultipart` bytes.
 */
export async function readFormBody(c: Context, maxMultipart: number): Promise<FormBody> {
  const type = c.req.header('content-type') ?? 'application/x-www-form-urlencoded';
  if (/^application\/x-www-form-urlencoded/i.test(type)) {
    return { fields: textFields(Object.entries(formFields(await c.req.text()))), files: noFiles(), truncated: false };
  }
  const boundary = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]+)"|([^\s;]+))/i.exec(type);
  if (!boundary) throw new UnreadableForm();
  const { bytes, truncated } = await readUpTo(c.req.raw, maxMultipart);
  if (truncated) {
    // Keep the complete parts: cut at the last delimiter read, and close the body there.
    const delimiter = new TextEncoder().encode(`\r\n--${boundary[1] ?? boundary[2]}`);
    const cut = lastIndexOf(bytes, delimiter);
    let fields: Record<string, string> = {};
    if (cut > 0) {
      const closing = new TextEncoder().encode(`\r\n--${boundary[1] ?? boundary[2]}--\r\n`);
      const body = new Uint8Array(cut + closing.byteLength);
      body.set(bytes.subarray(0, cut));
      body.set(closing, cut);
      const form = await parseMultipart(body, type).catch(() => null);
      if (form) fields = textFields(form.entries());
    }
    return { fields, files: noFiles(), truncated: true };
  }
  const form = await parseMultipart(bytes, type);
  const files = noFiles();
  for (const field of FILE_FIELDS)
    for (const value of form.getAll(field))
      // An empty file input still sends a part (no name, no bytes): nothing was chosen.
      if (typeof value !== 'string' && value.size > 0) files[field].push(value);
  return { fields: textFields(form.entries()), files, truncated: false };
}
