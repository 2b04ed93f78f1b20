import { describe, expect, it } from 'vitest';
import { id } from '../../core/i18n/id.ts';
import { apiId } from '../../core/i18n/api-id.ts';
import { emailId } from '../../core/i18n/email-id.ts';
import { formsMailId } from '../../core/i18n/forms-id.ts';
import { contentStrings } from '../../core/i18n/content-strings.ts';

// Indonesian copy says it in Indonesian where the language has its own word: a stay is "menginap",
// never the English "stay" between Indonesian words ("Belum ada stay"). Brand and trade words the
// site keeps in English (check-in, pod, e-wallet, payment gateway) are not on the list.
const ENGLISH = ['stay', 'stays', 'booking', 'please', 'your', 'the', 'and', 'with'];

function strings(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) strings(inner, `${path}.${key}`, out);
  return out;
}

describe('Indonesian copy', () => {
  const all = strings({ id, apiId, emailId, formsMailId, content: contentStrings('id') }, 'id', []);

  it('covers every Indonesian catalogue', () => {
    expect(all.length).toBeGreaterThan(800);
  });

  it.each(ENGLISH)('never uses the English word "%s"', (word) => {
    const pattern = new RegExp(`(^|[^\\p{L}{-])${word}([^\\p{L}}-]|$)`, 'iu');
    expect(all.filter(([, text]) => pattern.test(text)).map(([path, text]) => `${path}: ${text}`)).toEqual([]);
  });
});
