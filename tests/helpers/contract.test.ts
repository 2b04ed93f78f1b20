import { describe, expect, it } from 'vitest';
import { contractViolations, observeContract } from './contract.ts';

// The contract observer itself: it accepts what the document says and reports what it does not.

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the OpenAPI contract observer', () => {
  it('accepts documented answers and reports undocumented routes, statuses and bodies', async () => {
    contractViolations.length = 0;
    const search = '/api/clients/v1/search';
    const subscribe = '/api/clients/v1/subscribe';
    await observeContract({
      method: 'POST',
      route: subscribe,
      status: 200,
      response: answer(200, { data: { id: 7 }, message: 'Thanks for subscribing!' }),
    });
    await observeContract({
      method: 'POST',
      route: search,
      status: 422,
      response: answer(422, { code: 'validation_failed', message: 'hotelId: ...' }),
    });
    expect(contractViolations).toEqual([]);
    await observeContract({ method: 'POST', route: search, status: 418, response: answer(418, {}) });
    await observeContract({ method: 'POST', route: search, status: 200, response: answer(200, { rooms: [] }) });
    await observeContract({ method: 'GET', route: '/api/nowhere', status: 200, response: answer(200, {}) });
    await observeContract({ method: 'POST', route: search, status: 400, response: answer(400, { oops: true }) });
    expect(contractViolations).toEqual([
      'POST /clients/v1/search -> 418: status not documented',
      "POST /clients/v1/search -> 200: body data must have required property 'data'",
      'GET /nowhere -> 200: route not in the OpenAPI document',
      "POST /clients/v1/search -> 400: body data must have required property 'code', data must have required property 'message'",
    ]);
    contractViolations.length = 0;
  });

  it('checks a success payload against its documented shape (the search result the islands read)', async () => {
    contractViolations.length = 0;
    const search = '/api/clients/v1/search';
    await observeContract({
      method: 'POST',
      route: search,
      status: 200,
      response: answer(200, { data: { hotel: { id: 1 }, nights: 'two' } }),
    });
    expect(contractViolations).toHaveLength(1);
    expect(contractViolations[0]).toMatch(/^POST \/clients\/v1\/search -> 200: body .*nights must be number/);
    contractViolations.length = 0;
  });
});
