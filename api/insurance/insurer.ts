import { createHmac } from 'node:crypto';
import ky from 'ky';
import * as v from 'valibot';
import type { Insurer, PolicyAnswer } from '../platform/insurer.ts';

export type { Insurer, PolicyAnswer, PolicyRequest, PolicyStatus } from '../platform/insurer.ts';

// The travel-insurance partner (issue 27, item 8), behind one interface like the payment gateway:
// we ask the insurer for a policy once a stay with the insurance add-on is paid, and show the guest
// what the insurer answered: requested (being issued), issued (with the insurer's own number) or
// failed. We never make a policy number up.
// - The partner adapter speaks a small JSON API (INSURER_API_URL, INSURER_API_KEY):
//     POST {base}/policies  {reference, insured, cover_amount, premium, starts_on, ends_on, hotel}
//     GET  {base}/policies/{reference}
//   each answering {reference, status: requested|issued|failed, policy_number?, reason?}. The reference
//   is our order id, so asking twice (a retry after a timeout) is the same policy to the insurer.
// - The sandbox insurer (development, no INSURER_API_URL) answers like one: a request is "requested";
//   asked again it is "issued" under a number of its own (SBX-...), or "failed" when the insured
//   e-mail's local part ends in insurance-fail (the sandbox's switch, like a payment sandbox's test
//   cards). Production refuses to start without a partner (server/modes.ts).

/** The partner's answer, checked before anything of it is kept (a bad answer is a failed call). */
const PartnerAnswer = v.object({
  reference: v.string(),
  status: v.picklist(['requested', 'issued', 'failed']),
  policy_number: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  reason: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500)))),
});

const answerOf = (body: unknown): PolicyAnswer => {
  const a = v.parse(PartnerAnswer, body);
  if (a.status === 'issued' && !a.policy_number) throw new Error('the insurer issued a policy without a number');
  return { status: a.status, policyNumber: a.policy_number ?? null, reason: a.reason ?? null };
};

/** The partner's API over HTTP (ky): timeouts and one retry for GETs; a 404 on status is "unknown". */
export function partnerInsurer(opts: { baseUrl: string; apiKey: string; fetch?: typeof fetch }): Insurer {
  const http = ky.create({
    prefix: opts.baseUrl.replace(/\/?$/, '/'),
    headers: { authorization: `Bearer ${opts.apiKey}`, accept: 'application/json' },
    timeout: 10_000,
    retry: { limit: 1, methods: ['get'] },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  return {
    kind: 'partner',
    async request(p) {
      const body = await http
        .post('policies', {
          json: {
            reference: p.reference,
            insured: p.insured,
            cover_amount: p.coverAmount,
            premium: p.premium,
            starts_on: p.startsOn,
            ends_on: p.endsOn,
            hotel: p.hotel,
          },
        })
        .json();
      return answerOf(body);
    },
    async status(reference) {
      const response = await http.get(`policies/${encodeURIComponent(reference)}`, { throwHttpErrors: false });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`the insurer answered ${response.status}`);
      return answerOf(await response.json());
    },
  };
}

/** The sandbox's switch: an insured e-mail like sari.insurance-fail@example.com is refused. */
export const SANDBOX_FAIL_MARK = 'insurance-fail@';

/**
 * The development insurer: stateless, so every node answers alike. It knows a reference once asked
 * (the caller keeps what it asked), issues on the next status call, under a number derived from the
 * reference with a key of its own (so the same policy keeps its number, and it is not the order id).
 */
export function sandboxInsurer(): Insurer {
  const numberOf = (reference: string) =>
    `SBX-${createHmac('sha256', 'bobobox sandbox insurer').update(reference).digest('hex').slice(0, 10).toUpperCase()}`;
  return {
    kind: 'sandbox',
    async request(p) {
      // Refused at once (the caller keeps "failed" and never asks again), or requested.
      if (p.insured.email.toLowerCase().includes(SANDBOX_FAIL_MARK))
        return { status: 'failed', policyNumber: null, reason: 'The sandbox insurer refused this insured person.' };
      return { status: 'requested', policyNumber: null, reason: null };
    },
    async status(reference) {
      return { status: 'issued', policyNumber: numberOf(reference), reason: null };
    },
  };
}
