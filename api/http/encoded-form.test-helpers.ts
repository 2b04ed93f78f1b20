/**
 * A FormData body encoded to bytes before a test sends it. Undici streams a FormData body from an
 * async generator; when the server stops reading early (a refused upload) and cancels the stream, the
 * generator's next enqueue throws outside any promise the test awaits: an unhandled rejection that
 * failed a run now and then. Bytes are enqueued at once, with nothing left running.
 */
export async function encodedForm(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const request = new Request('http://form.test/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}
