import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  EmailSchema,
  normalisePhone,
  PasswordSchema,
  PhoneSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from './auth.ts';

describe('normalisePhone (spec section 5)', () => {
  it.each([
    ['+62 812-3456-7890', '81234567890'],
    ['62 812 3456 7890', '81234567890'],
    ['0812 3456 7890', '81234567890'],
    ['(0812) 3456.7890', '81234567890'],
    ['812-3456-7890', '81234567890'],
    ['+62 0812 3456 7890', '81234567890'],
  ])('%s → %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
    expect(v.parse(PhoneSchema, input)).toBe(expected);
  });

  it('refuses landlines, too-short and too-long numbers, and letters', () => {
    for (const bad of ['021 555 1234', '0812345', '08123456789012345', '0812abc4567', '']) {
      expect(v.safeParse(PhoneSchema, bad).success).toBe(false);
    }
  });
});

describe('e-mail and password rules', () => {
  it('lower-cases e-mail and refuses a plus sign', () => {
    expect(v.parse(EmailSchema, '  Sari@Example.COM ')).toBe('sari@example.com');
    const plus = v.safeParse(EmailSchema, 'sari+promo@example.com');
    expect(plus.success).toBe(false);
    expect(plus.issues?.[0].message).toBe('email_plus');
    expect(v.safeParse(EmailSchema, 'not-an-email').issues?.[0].message).toBe('email_invalid');
  });

  it('password: at least 8 characters with a number', () => {
    expect(v.safeParse(PasswordSchema, 'abc1234').issues?.[0].message).toBe('password_short');
    expect(v.safeParse(PasswordSchema, 'abcdefgh').issues?.[0].message).toBe('password_digit');
    expect(v.safeParse(PasswordSchema, 'abcdefg1').success).toBe(true);
  });

  it('confirmation must match on register and reset', () => {
    const base = {
      fullName: 'Sari',
      email: 'sari@example.com',
      password: 'abcdefg1',
      confirmPassword: 'abcdefg2',
      phone: '0812 3456 7890',
    };
    const reg = v.safeParse(RegisterSchema, base);
    expect(reg.success).toBe(false);
    expect(reg.issues?.[0].message).toBe('password_mismatch');
    expect(v.safeParse(RegisterSchema, { ...base, confirmPassword: 'abcdefg1' }).success).toBe(true);
    expect(
      v.safeParse(ResetPasswordSchema, { resetToken: 't', password: 'abcdefg1', confirmPassword: 'x' }).success,
    ).toBe(false);
  });
});
