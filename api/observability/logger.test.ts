import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logFormat, requestContext, scrub } from './logger.ts';

// The log never holds a secret, whatever a caller hands it: headers, bodies, errors that quote a
// failed query's parameters, signed links. Lines are JSON with the request's id when there is one.

async function capture(write: (log: Awaited<ReturnType<typeof createLogger>>) => void): Promise<string> {
  const stream = new PassThrough();
  let out = '';
  stream.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const log = await createLogger({ level: 'info', format: 'json', destination: stream });
  write(log);
  await new Promise((resolve) => setImmediate(resolve));
  return out;
}

const SECRETS = {
  password: 'Rahasia-sekali-123',
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJlLW9mLXRva2Vu',
  code: '4821',
  card: '4811111111111114',
  cookie: 'bbx_session=cookie-secret-value',
  upload: '/api/files?id=abc&exp=1795698579&sig=upload-signature-value',
};

describe('the logger', () => {
  it('censors secrets by key, wherever they sit, and by shape in any string', async () => {
    const queryError = Object.assign(
      new Error(`Failed query: update users set password_hash = $1 where id = $2\nparams: ${SECRETS.password},42`),
      { code: '23505' },
    );
    const out = await capture((log) => {
      log.info(
        {
          req: { headers: { authorization: `Bearer ${SECRETS.token}`, cookie: SECRETS.cookie, 'x-api-key': 'k' } },
          body: { password: SECRETS.password, confirmPassword: SECRETS.password },
          form: { otp: SECRETS.code, card_number: SECRETS.card, nested: { refresh_token: SECRETS.token } },
          link: SECRETS.upload,
        },
        `signed in with ${SECRETS.token}`,
      );
      log.error({ err: queryError }, 'query failed');
      log.error({ err: new Error('refused', { cause: { code: SECRETS.code } }) }, 'with a cause');
      log.warn({ err: Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' }) }, 'system error');
    });
    for (const secret of Object.values(SECRETS)) expect(out).not.toContain(secret);
    expect(out).not.toContain('upload-signature-value');
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    expect(lines).toHaveLength(4);
    expect(lines[0].req.headers.authorization).toBe('[Redacted]');
    expect(lines[0].link).toBe('/api/files?[Redacted]');
    expect(lines[1].err.message).toContain('Failed query: update users');
    expect(lines[1].err.message).toContain('params: [Redacted]');
    // A system error's name stays readable; other codes do not.
    expect(lines[3].err.code).toBe('ECONNREFUSED');
    expect(lines[1].err.code).toBe('[Redacted]');
  });

  it("stamps every line written while a request is answered with that request's id", async () => {
    const out = await capture((log) => {
      requestContext.run({ reqId: 'req-1' }, () => log.info('inside'));
      log.info('outside');
    });
    const [inside, outside] = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inside).toMatchObject({ msg: 'inside', reqId: 'req-1' });
    expect(outside).not.toHaveProperty('reqId');
  });

  it('is readable in development and JSON elsewhere unless LOG_FORMAT says', () => {
    expect(logFormat({})).toBe('pretty');
    expect(logFormat({ NODE_ENV: 'production' })).toBe('json');
    expect(logFormat({ NODE_ENV: 'test' })).toBe('json');
    expect(logFormat({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' })).toBe('pretty');
  });

  it('scrub keeps what is not secret', () => {
    expect(scrub({ route: '/api/clients/v1/search', status: 200, ms: 4.2 })).toEqual({
      route: '/api/clients/v1/search',
      status: 200,
      ms: 4.2,
    });
  });
});
