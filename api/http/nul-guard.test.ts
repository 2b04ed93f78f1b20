import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { apiErrorHandler } from './errors.ts';
import { refuseNulCharacters } from './nul-guard.ts';

const app = new Hono();
app.use('*', refuseNulCharacters());
app.post('/echo', async (c) => c.json({ got: await c.req.text() }));
app.get('/echo', (c) => c.json({ q: c.req.query('q') ?? null }));
app.onError(apiErrorHandler);

describe('NUL characters', () => {
  it('are refused in JSON, form bodies and the URL with a bilingual 400', async () => {
    const json = await app.request('/echo', {
      method: 'POST',
      body: '{"name":"a\\u0000b"}',
      headers: { 'content-type': 'application/json', 'accept-language': 'id' },
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ code: 'bad_request', message: 'Permintaan kamu tidak valid.' });
    const form = await app.request('/echo', {
      method: 'POST',
      body: 'name=a%00b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    expect((await app.request('/echo?q=a%00b')).status).toBe(400);
  });
  it('lets ordinary requests through with their body intact', async () => {
    const ok = await app.request('/echo', {
      method: 'POST',
      body: 'name=Sari%20Dewi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await ok.json()).toEqual({ got: 'name=Sari%20Dewi' });
    expect(await (await app.request('/echo?q=kabin')).json()).toEqual({ q: 'kabin' });
  });
});
