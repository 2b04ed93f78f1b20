import * as v from 'valibot';
import type { InputMessageKey } from './auth.ts';

// The e-mail and phone rules every form shares (sign-up, profile, contact, partnership; spec section
// 5), in a module of their own so a page that needs only these (the contact forms' script) does not
// load the rest of the auth contracts. Issue messages are keys of inputMessages (./auth.ts).

const m = (key: InputMessageKey) => key;

/**
 * Phone numbers are stored as the national number without the trunk 0 and without the country
 * code, the way the product shows them ("81234567890", spec section 5). Normalisation: remove
 * every non-alphanumeric character (spaces, '+', '-', brackets, dots), then drop a leading
 * country code 62, then a leading trunk 0. So "+62 812-3456-7890", "62812 3456 7890",
 * "0812 3456 7890" and "812-3456-7890" all become "81234567890". Only mobile numbers
 * (starting with 8, 9 to 12 digits in total) are accepted, because codes go out by SMS.
 */
export function normalisePhone(input: string): string {
  let digits = input.replace(/[^0-9a-zA-Z]/g, '');
  if (digits.startsWith('62')) digits = digits.slice(2);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}
export const PHONE_PATTERN = /^8\d{8,11}$/;

export const EmailSchema = v.pipe(
  v.string(m('required')),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(m('required')),
  v.maxLength(254, m('too_long')),
  v.check((value) => !value.includes('+'), m('email_plus')),
  v.email(m('email_invalid')),
);
