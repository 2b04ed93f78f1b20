// Reading an upload. The route bounds its body first with Hono's bodyLimit (api/profile/profile.routes.ts):
// a declared length past the limit is refused unread, and an undeclared one is counted as it streams
// and cut off at the limit, so a huge or endless body costs at most the limit. Only a body within it
// reaches this parser (undici's multipart reader).

export class NotMultipart extends Error {}

/** The files of a multipart/form-data body's `field` (text values under that name are ignored). */
export async function readMultipartFiles(request: Request, field: string): Promise<File[]> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(type)) throw new NotMultipart();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new NotMultipart();
  }
  return form.getAll(field).filter((value): value is File => typeof value !== 'string');
}
