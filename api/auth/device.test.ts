import { describe, expect, it } from 'vitest';
import { deviceLabel } from './device.ts';

describe('deviceLabel', () => {
  it('names the browser, its major version and the system', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome 156 · Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 18 · iOS');
  });
  it('is null for nothing it knows, and never longer than 80 characters', () => {
    expect(deviceLabel(undefined)).toBeNull();
    expect(deviceLabel('')).toBeNull();
    expect((deviceLabel(`Mozilla/5.0 ${'x'.repeat(5000)}`) ?? '').length).toBeLessThanOrEqual(80);
  });
});
