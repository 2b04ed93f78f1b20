// Reading an upload: the request body is counted while it streams in and cut off as soon as it
// passes the limit (the reader is cancelled, nothing past the limit is read or kept), so a huge or
// endless body costs at most the limit. Only a body within it is parsed (undici's multipart reader).

export class BodyTooLarge extends Error {}
export class NotMultipart extends Error {}

/** The body, or BodyTooLarge as soon as its declared length or its streamed bytes pass `max`. */
export async function readBoundedBody(request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > max) throw new BodyTooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The files of a multipart/form-data body's `field` (text values under that name are ignored). */
export async function readMultipartFiles(request: Request, field: string, max: number): Promise<File[]> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(type)) throw new NotMultipart();
  const body = await readBoundedBody(request, max);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new NotMultipart();
  }
  return form.getAll(field).filter((value): value is File => typeof value !== 'string');
}
