import { describe, expect, it, vi } from 'vitest';
import { submitNewsletter, type SubscribeResult } from './newsletter.ts';

function harness(result: SubscribeResult | Error) {
  const calls: string[] = [];
  const deps = {
    subscribe: vi.fn(async () => {
      if (result instanceof Error) throw result;
      return result;
    }),
    setLoading: (on: boolean) => calls.push(on ? 'loading' : 'idle'),
    alert: vi.fn(),
    track: vi.fn(),
    clear: vi.fn(),
    copy: { title: 'Newsletter', failed: 'Coba lagi' } as {
      title: string;
      failed: string;
      fields?: Record<string, string>;
    },
  };
  return { deps, calls };
}

describe('newsletter', () => {
  it('an empty e-mail is silently not submitted', async () => {
    const { deps, calls } = harness({ ok: true, status: 200 });
    expect(await submitNewsletter('   ', deps)).toBe('skipped');
    expect(deps.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });
  it('success: loading, alert with the server message, Subscribe event, e-mail cleared, idle', async () => {
    const { deps, calls } = harness({
      ok: true,
      status: 200,
      message: 'Terima kasih sudah berlangganan, email kamu sudah kita simpan ya!',
    });
    expect(await submitNewsletter('sari@example.com', deps)).toBe('success');
    expect(calls).toEqual(['loading', 'idle']);
    expect(deps.alert).toHaveBeenCalledWith({
      name: 'Newsletter',
      message: 'Terima kasih sudah berlangganan, email kamu sudah kita simpan ya!',
    });
    expect(deps.track).toHaveBeenCalledWith('Subscribe');
    expect(deps.clear).toHaveBeenCalled();
  });
  it('400 shows the server message and keeps the e-mail', async () => {
    const { deps } = harness({ ok: false, status: 400, message: 'Email kamu sudah terdaftar sebelumnya.' });
    expect(await submitNewsletter('sari@example.com', deps)).toBe('error');
    expect(deps.alert).toHaveBeenCalledWith({ name: 'Newsletter', message: 'Email kamu sudah terdaftar sebelumnya.' });
    expect(deps.clear).not.toHaveBeenCalled();
    expect(deps.track).not.toHaveBeenCalled();
  });
  it("422 for the e-mail says what is wrong in the page's words (a plus sign), not the server's generic text", async () => {
    const { deps } = harness({
      ok: false,
      status: 422,
      message: 'email: Alamat e-mail dengan tanda plus (+) tidak bisa dipakai.',
      fields: [{ field: 'email', code: 'email_plus' }],
    });
    deps.copy = { ...deps.copy, fields: { email_plus: 'Alamat e-mail dengan tanda plus (+) tidak bisa dipakai.' } };
    expect(await submitNewsletter('sari+promo@example.com', deps)).toBe('error');
    expect(deps.alert).toHaveBeenCalledWith({
      name: 'Newsletter',
      message: 'Alamat e-mail dengan tanda plus (+) tidak bisa dipakai.',
    });
    expect(deps.clear).not.toHaveBeenCalled();
  });
  it('404 shows "Resource Not Found" named Error; a network failure shows the fallback', async () => {
    const notFound = harness({ ok: false, status: 404 });
    await submitNewsletter('a@b.co', notFound.deps);
    expect(notFound.deps.alert).toHaveBeenCalledWith({ name: 'Error', message: 'Resource Not Found' });
    const offline = harness(new TypeError('fetch failed'));
    expect(await submitNewsletter('a@b.co', offline.deps)).toBe('error');
    expect(offline.deps.alert).toHaveBeenCalledWith({ name: 'Newsletter', message: 'Coba lagi' });
    expect(offline.calls).toEqual(['loading', 'idle']);
  });
});
