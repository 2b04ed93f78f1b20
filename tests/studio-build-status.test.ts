import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { BuildStatusSchema } from '../core/contracts/responses.ts';
import {
  buildStatusRequest,
  buildStatusUrl,
  describeBuild,
  describeFailure,
  failureBadge,
  type BuildStatus,
} from '../studio/build-status-model.ts';

// The Studio's build tool and badge read GET /api/site/build-status: what they say for each state.

const failed: BuildStatus = {
  state: 'failed',
  builtAt: '2031-01-01T00:00:00.000Z',
  contentVersion: 4,
  lastFailure: {
    at: '2031-01-01T01:00:00.000Z',
    reason: 'sanity webhook: promo-endless-summer',
    message: 'Content error in document "promo-endless-summer", field "couponCode": Invalid length',
    documentId: 'promo-endless-summer',
    field: 'couponCode',
    contentVersion: 5,
  },
};

describe('the Studio build status', () => {
  test('reads the answer the server documents', () => {
    expect(v.is(BuildStatusSchema, failed)).toBe(true);
    expect(buildStatusUrl('https://www.bobobox.example/')).toBe('https://www.bobobox.example/api/site/build-status');
  });

  test("sends the editor's Sanity token (no cookies), and without one asks as anyone", () => {
    expect(buildStatusRequest('sk-editor')).toEqual({
      cache: 'no-store',
      credentials: 'omit',
      headers: { authorization: 'Bearer sk-editor' },
    });
    expect(buildStatusRequest(undefined).headers).toEqual({});
    // What anyone else is answered (no failure) is a valid answer the tool can show.
    const { lastFailure: _hidden, ...state } = failed;
    expect(v.is(BuildStatusSchema, state)).toBe(true);
    expect(failureBadge(state, 'siteSettings')).toBeNull();
  });

  test('a failed publish is said plainly, with the field and document to fix', () => {
    expect(describeBuild(failed).tone).toBe('critical');
    expect(describeFailure(failed.lastFailure!)).toBe(
      'Fix the field "couponCode" of the document "promo-endless-summer" and publish it again.',
    );
    expect(describeBuild({ ...failed, state: 'ok' })).toEqual({ tone: 'positive', title: 'Live: content version 4' });
  });

  test('the badge marks only the document that stopped the build (its draft too), and only while it fails', () => {
    expect(failureBadge(failed, 'promo-endless-summer')?.label).toBe('Not live: build failed');
    expect(failureBadge(failed, 'drafts.promo-endless-summer')?.color).toBe('danger');
    expect(failureBadge(failed, 'promo-mudik-santai')).toBeNull();
    expect(failureBadge({ ...failed, state: 'ok' }, 'promo-endless-summer')).toBeNull();
    expect(failureBadge(null, 'promo-endless-summer')).toBeNull();
  });
});
