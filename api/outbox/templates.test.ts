import { describe, expect, it } from 'vitest';
import { codeEmail, codeSms, codesIn } from './templates.ts';

describe('codesIn', () => {
  it('finds the code of a code e-mail or SMS, not the digits of a name or a year', () => {
    for (const lang of ['en', 'id'] as const) {
      const mail = codeEmail(lang, 'reset_password', '0427', 'Guest 4821ab 2026', 10);
      expect(codesIn(mail.text)).toEqual(['0427']);
      expect(codesIn(codeSms(lang, 'verify_email', '9315', 10).text)).toEqual(['9315']);
    }
    expect(codesIn('Booked for 2026-12-01, room 1204b')).toEqual([]);
  });
});
