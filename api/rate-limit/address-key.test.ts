import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('addressKey', () => {
  it('groups two addresses of one IPv6 /64 into one subject, and keeps other networks apart', () => {
    const a = addressKey('2001:db8:1234:5678:aaaa:bbbb:cccc:1', 64);
    expect(addressKey('2001:0db8:1234:5678:0000:0000:0000:0002', 64)).toBe(a);
    expect(a).toBe('2001:db8:1234:5678::/64');
    expect(addressKey('2001:db8:1234:5679::1', 64)).not.toBe(a);
    // The prefix is a setting: /56 groups the neighbouring /64 too, /128 counts every address.
    expect(addressKey('2001:db8:1234:5679::1', 56)).toBe(addressKey('2001:db8:1234:5678::1', 56));
    expect(addressKey('2001:db8::1', 128)).not.toBe(addressKey('2001:db8::2', 128));
  });

  it('counts IPv4 by address, IPv4-mapped IPv6 as its IPv4 address, and anything else as given', () => {
    expect(addressKey('198.51.100.7', 64)).toBe('198.51.100.7');
    expect(addressKey('198.51.100.8', 64)).not.toBe(addressKey('198.51.100.7', 64));
    expect(addressKey('::ffff:198.51.100.7', 64)).toBe('198.51.100.7');
    expect(addressKey('unknown', 64)).toBe('unknown');
  });
});
