import { describe, expect, it } from 'vitest';
import { formFields } from './validate.ts';

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
