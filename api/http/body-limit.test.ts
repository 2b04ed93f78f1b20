import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { formFields, limitBody, limitEveryBody } from './input.ts';
import { apiErrorHandler } from './errors.ts';
import { refuseNulCharacters } from './nul-guard.ts';

// The API edge as app.ts mounts it: a limit for every body, the NUL guard (which reads the body
// once), then routes that read the body again through Hono and may set a lower limit.
const app = new Hono();
app.use('*', limitEveryBody(1000));
app.use('*', refuseNulCharacters());
app.post('/json', async (c) => c.json({ got: await c.req.json() }));
app.post('/form', async (c) => c.json({ got: { ...formFields(await c.req.text()) }, parsed: await c.req.parseBody() }));
app.post('/small', limitBody(100), async (c) => c.json({ length: (await c.req.text()).length }));
app.onError(apiErrorHandler);

const chunked = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += 64) controller.enqueue(bytes.slice(i, i + 64));
      controller.close();
    },
  });
const post = (path: string, body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  } as RequestInit);

describe('request body limits', () => {
  it('refuse a body over the limit by its declared length, in the request language', async () => {
    const r = await post('/json', JSON.stringify({ a: 'x'.repeat(2000) }), {
      'content-length': '2010',
      'accept-language': 'id',
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ code: 'body_too_large', message: 'Permintaan kamu terlalu besar.' });
  });
  it('refuse a streamed body without a declared length once it passes the limit', async () => {
    const r = await post('/json', chunked(JSON.stringify({ a: 'x'.repeat(2000) })));
    expect(r.status).toBe(400);
    expect((await r.json()).code).toBe('body_too_large');
  });
  it('let bodies under the limit reach the route intact, declared or streamed', async () => {
    const body = JSON.stringify({ name: 'Sari Dewi', nights: 2 });
    expect(await (await post('/json', body, { 'content-length': String(body.length) })).json()).toEqual({
      got: { name: 'Sari Dewi', nights: 2 },
    });
    expect(await (await post('/json', chunked(body))).json()).toEqual({ got: { name: 'Sari Dewi', nights: 2 } });
    const form = await post('/form', 'hotelId=4&tags[]=a', { 'content-type': 'application/x-www-form-urlencoded' });
    const read = await form.json();
    expect(read.got).toEqual({ hotelId: '4', tags: ['a'] });
    expect(read.parsed.hotelId).toBe('4');
  });
  it("apply a route's lower limit to the body already read, declared or not", async () => {
    expect((await post('/small', 'x'.repeat(90))).status).toBe(200);
    expect((await post('/small', 'x'.repeat(150))).status).toBe(400);
    expect((await post('/small', chunked('x'.repeat(150)))).status).toBe(400);
    expect((await post('/small', 'x'.repeat(50), { 'content-length': '500' })).status).toBe(400);
  });
});
