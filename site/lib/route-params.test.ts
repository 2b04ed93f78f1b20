import { describe, expect, it } from 'vitest';
import { onDemandLang, routeId } from './route-params.ts';

describe('on-demand route params', () => {
  it('accepts no segment (en) and id; refuses en, other languages and nested segments', () => {
    expect(onDemandLang(undefined)).toBe('en');
    expect(onDemandLang('id')).toBe('id');
    expect(onDemandLang('en')).toBeNull();
    expect(onDemandLang('fr')).toBeNull();
    expect(onDemandLang('id/x')).toBeNull();
  });
  it('ids are positive integers of at most 9 digits', () => {
    expect(routeId('42')).toBe(42);
    expect(routeId('0')).toBeNull();
    expect(routeId('007')).toBeNull();
    expect(routeId('1234567890')).toBeNull();
    expect(routeId('12a')).toBeNull();
    expect(routeId(undefined)).toBeNull();
  });
});
