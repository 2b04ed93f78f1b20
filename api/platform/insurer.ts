// The travel-insurance partner's interface (api/insurance/insurer.ts has the adapters: the partner's
// HTTP API and the development sandbox), handed to the API in AppDeps like the payment gateway.

export type PolicyStatus = 'requested' | 'issued' | 'failed';

export type PolicyRequest = {
  /** Ours, and the insurer's idempotency key: the order id. */
  reference: string;
  insured: { name: string; email: string; phone: string };
  coverAmount: number;
  premium: number;
  startsOn: string;
  endsOn: string;
  hotel: string;
};

export type PolicyAnswer = { status: PolicyStatus; policyNumber: string | null; reason: string | null };

export interface Insurer {
  readonly kind: 'sandbox' | 'partner';
  request(policy: PolicyRequest): Promise<PolicyAnswer>;
  /** Where the insurer is with a policy; null when it does not know the reference. */
  status(reference: string): Promise<PolicyAnswer | null>;
}
