import { describe, expect, it } from 'vitest';
import { selfCheckInState } from './self-check-in.ts';
import type { MyStay } from '../../core/contracts/account.ts';

const base: MyStay['selfCheckIn'] = {
  opensAt: '2026-03-12T06:00:00.000Z', // 13:00 WIB, one hour before 14:00 check-in
  opensAtTime: '13:00',
  closesAt: '2026-03-14T05:00:00.000Z',
  isBooker: true,
  identityStatus: 'verified',
  livenessCountRetry: 0,
  maxLivenessRetries: 3,
  checkedInAt: null,
};
const at = (iso: string) => Date.parse(iso);

describe('self check-in', () => {
  it('opens 1 hour before check-in time on the check-in day, and not a minute before', () => {
    expect(selfCheckInState(base, at('2026-03-11T07:00:00Z'))).toBe('closed'); // the day before, 14:00
    expect(selfCheckInState(base, at('2026-03-12T05:59:59Z'))).toBe('closed'); // 12:59:59 WIB
    expect(selfCheckInState(base, at('2026-03-12T06:00:00Z'))).toBe('open'); // 13:00 WIB
    expect(selfCheckInState(base, at('2026-03-13T01:00:00Z'))).toBe('open');
    expect(selfCheckInState(base, at('2026-03-14T05:00:00Z'))).toBe('ended');
  });

  it('needs a verified ID first, whatever the state of the submission', () => {
    for (const identityStatus of ['not_submitted', 'submitted', 'rejected'] as const)
      expect(selfCheckInState({ ...base, identityStatus }, at('2026-03-12T06:30:00Z'))).toBe('identity');
  });

  it('sends the guest to the host after 3 failed face verifications, before or in the window', () => {
    expect(selfCheckInState({ ...base, livenessCountRetry: 2 }, at('2026-03-12T06:30:00Z'))).toBe('open');
    expect(selfCheckInState({ ...base, livenessCountRetry: 3 }, at('2026-03-12T06:30:00Z'))).toBe('contact-host');
    expect(selfCheckInState({ ...base, livenessCountRetry: 3 }, at('2026-03-11T06:30:00Z'))).toBe('contact-host');
  });

  it('is for whoever is on the stay, the booker or a guest who accepted it, and done once checked in', () => {
    expect(selfCheckInState({ ...base, isBooker: false }, at('2026-03-12T06:30:00Z'))).toBe('open');
    expect(selfCheckInState({ ...base, checkedInAt: '2026-03-12T07:10:00Z' }, at('2026-03-12T08:00:00Z'))).toBe('done');
  });
});
