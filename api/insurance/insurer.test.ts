import { describe, expect, it } from 'vitest';
import { partnerInsurer, sandboxInsurer } from './insurer.ts';
import type { PolicyRequest } from './insurer.ts';

// The insurer adapters (issue 27, item 8): the partner's JSON API through ky, every answer checked
// before it is kept; the sandbox's own numbers and its refusal switch.

const policy: PolicyRequest = {
  reference: 'BBX-260312-0001',
  insured: { name: 'Sari Wulandari', email: 'sari@example.com', phone: '81234567890' },
  coverAmount: 10_000_000,
  premium: 30_000,
  startsOn: '2026-03-12',
  endsOn: '2026-03-14',
  hotel: 'Bobobox Pods Malioboro',
};

/** A partner answering from a script: each call gets the next answer; the requests are kept. */
function scriptedPartner(answers: { status: number; body?: unknown }[]) {
  const seen: { method: string; url: string; auth: string | null; body: unknown }[] = [];
  const fake = (async (input: Request) => {
    const text = input.method === 'POST' ? await input.text() : '';
    seen.push({
      method: input.method,
      url: input.url,
      auth: input.headers.get('authorization'),
      body: text ? JSON.parse(text) : null,
    });
    const next = answers.shift()!;
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { insurer: partnerInsurer({ baseUrl: 'https://insurer.test/v1', apiKey: 'key-123456', fetch: fake }), seen };
}

describe('the partner insurer', () => {
  it('asks for a policy with our order id as its reference, and reads where it is', async () => {
    const { insurer, seen } = scriptedPartner([
      { status: 201, body: { reference: policy.reference, status: 'requested' } },
      { status: 200, body: { reference: policy.reference, status: 'issued', policy_number: 'SLP-2026-000417' } },
      { status: 404, body: { error: 'unknown reference' } },
    ]);
    expect(await insurer.request(policy)).toEqual({ status: 'requested', policyNumber: null, reason: null });
    expect(seen[0]).toEqual({
      method: 'POST',
      url: 'https://insurer.test/v1/policies',
      auth: 'Bearer key-123456',
      body: {
        reference: policy.reference,
        insured: policy.insured,
        cover_amount: 10_000_000,
        premium: 30_000,
        starts_on: '2026-03-12',
        ends_on: '2026-03-14',
        hotel: 'Bobobox Pods Malioboro',
      },
    });
    expect(await insurer.status(policy.reference)).toEqual({
      status: 'issued',
      policyNumber: 'SLP-2026-000417',
      reason: null,
    });
    expect(seen[1]).toMatchObject({ method: 'GET', url: 'https://insurer.test/v1/policies/BBX-260312-0001' });
    // A reference it does not know: null (the sync asks for the policy again).
    expect(await insurer.status('unknown')).toBeNull();
  });

  it('refuses answers it cannot trust: an unknown state, an issued policy without a number, a server error', async () => {
    const { insurer } = scriptedPartner([
      { status: 201, body: { reference: policy.reference, status: 'active' } },
      { status: 200, body: { reference: policy.reference, status: 'issued' } },
      { status: 503, body: { error: 'maintenance' } },
      { status: 503, body: { error: 'maintenance' } },
    ]);
    await expect(insurer.request(policy)).rejects.toThrow();
    await expect(insurer.status(policy.reference)).rejects.toThrow(/without a number/);
    await expect(insurer.status(policy.reference)).rejects.toThrow(/503/);
  });
});

describe('the sandbox insurer', () => {
  it('requests, then issues under a number of its own (stable, not the order id); refuses the fail switch', async () => {
    const sandbox = sandboxInsurer();
    expect(await sandbox.request(policy)).toEqual({ status: 'requested', policyNumber: null, reason: null });
    const issued = await sandbox.status(policy.reference);
    expect(issued).toMatchObject({ status: 'issued', policyNumber: expect.stringMatching(/^SBX-[0-9A-F]{10}$/) });
    expect(await sandboxInsurer().status(policy.reference)).toEqual(issued);
    expect(issued!.policyNumber).not.toContain(policy.reference);
    expect(
      await sandbox.request({ ...policy, insured: { ...policy.insured, email: 'sari.insurance-fail@example.com' } }),
    ).toMatchObject({ status: 'failed', policyNumber: null });
  });
});
