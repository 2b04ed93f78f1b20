import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrSvgPath } from '../../islands/account/qr-svg.ts';
import { decodeModules, decodePicture } from './qr-reader.ts';

// The browser tests' QR reader (tests/helpers/qr-reader.ts) against codes of every mask, several
// versions and levels, and mixed segments; and against a picture of the stay pass as the page draws it.

const matrixOf = (text: string, opts: QRCode.QRCodeOptions) => {
  const { size, data } = QRCode.create(text, opts).modules;
  return Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => data[r * size + c] === 1));
};

describe('the QR reader', () => {
  it('reads numeric, alphanumeric and byte segments at every mask and level', () => {
    const text = 'BBXSP1.1234.BBX-20261126-ABCDEFGH.1795000000.x9_Yz-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789a';
    for (const level of ['L', 'M', 'Q', 'H'] as const)
      for (let mask = 0; mask < 8; mask++) {
        const out = decodeModules(
          matrixOf(text, { errorCorrectionLevel: level, maskPattern: mask as QRCode.QRCodeMaskPattern }),
        );
        expect(out.text, `${level} mask ${mask}`).toBe(text);
        expect(out.level).toBe(level);
      }
    expect(decodeModules(matrixOf('12345678901234567890', {})).text).toBe('12345678901234567890');
    expect(decodeModules(matrixOf('Tamu kedua: Siti', { version: 10 })).text).toBe('Tamu kedua: Siti');
  });

  it('refuses a code with a flipped data module instead of reading something else', () => {
    const m = matrixOf('BBXSP1.42.BBX-1.1.signature', { errorCorrectionLevel: 'M' });
    const size = m.length;
    m[size - 1]![size - 1] = !m[size - 1]![size - 1];
    expect(() => decodeModules(m)).toThrow(/Reed-Solomon/);
  });

  it("reads the stay pass from a picture of the page's SVG", async () => {
    const token = 'BBXSP1.77.BBX-20261126-QWERTYUI.1795000000.abcDEF-ghi_JKLmnoPQRstuVWXyz0123456789ABCDEFG';
    const { size, d } = qrSvgPath(token);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="280" height="280" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    expect((await decodePicture(png)).text).toBe(token);
  });
});
