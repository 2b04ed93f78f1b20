import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { EmailSchema } from '../../core/contracts/auth.ts';
import { ApiError } from './errors.ts';
import { formFields, parseInput } from './input.ts';

describe('formFields', () => {
  it('reads single fields as strings and decodes them', () => {
    expect({ ...formFields('hotelId=4&checkInDateTime=2026-03-09+14%3A00%3A00') }).toEqual({
      hotelId: '4',
      checkInDateTime: '2026-03-09 14:00:00',
    });
  });
  it('gives arrays for repeated names and for names written with []', () => {
    expect({ ...formFields('a=1&a=2&b[]=x&c=') }).toEqual({ a: ['1', '2'], b: ['x'], c: '' });
  });
  it('cannot replace the prototype of the result', () => {
    const out = formFields('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(out)).toBeNull();
    expect(out.__proto__).toBe('x');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('parseInput, the one validation contract', () => {
  it('answers 422 validation_failed naming every wrong field with a stable code, in both languages', () => {
    const schema = v.object({ email: EmailSchema, rooms: v.pipe(v.number(), v.minValue(1)), hotel: v.string() });
    let error: unknown;
    try {
      parseInput(schema, { email: 'a+b@example.com', rooms: 0 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect([e.status, e.code]).toEqual([422, 'validation_failed']);
    expect(e.details).toEqual({
      fields: [
        { field: 'email', code: 'email_plus' },
        { field: 'rooms', code: 'invalid' },
        { field: 'hotel', code: 'required' },
      ],
    });
    expect(e.messages).toEqual({
      en: "email: E-mail addresses with a plus sign (+) can't be used.",
      id: 'email: Alamat e-mail dengan tanda plus (+) tidak bisa dipakai.',
    });
  });
});
