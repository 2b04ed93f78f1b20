import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrSvgPath } from '../../islands/account/qr-svg.ts';
import { decodePicture } from './qr-reader.ts';

// The browser tests' QR reader (tests/helpers/qr-reader.ts): it reads the stay pass as the page draws
// it, and reads nothing from a picture whose code was damaged beyond its error correction.

const svgOf = (token: string) => {
  const { size, d } = qrSvgPath(token);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="280" height="280" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
};

describe('the QR reader', () => {
  it("reads the stay pass from a picture of the page's SVG", async () => {
    const token = 'BBXSP1.77.BBX-20261126-QWERTYUI.1795000000.abcDEF-ghi_JKLmnoPQRstuVWXyz0123456789ABCDEFG';
    const png = await sharp(Buffer.from(svgOf(token)))
      .png()
      .toBuffer();
    expect((await decodePicture(png)).text).toBe(token);
  });

  it('reads a code at every error correction level', async () => {
    for (const level of ['L', 'M', 'Q', 'H'] as const) {
      const png = await QRCode.toBuffer('BBXSP1.42.BBX-1.1.signature', { errorCorrectionLevel: level, width: 240 });
      expect((await decodePicture(png)).text, level).toBe('BBXSP1.42.BBX-1.1.signature');
    }
  });

  it('refuses a picture with no readable code', async () => {
    const png = await QRCode.toBuffer('BBXSP1.42.BBX-1.1.signature', { width: 240, margin: 4 });
    // Paint over the middle third of the code: more than its error correction can restore.
    const blot = await sharp({ create: { width: 110, height: 110, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const damaged = await sharp(png)
      .composite([{ input: blot, left: 65, top: 65 }])
      .png()
      .toBuffer();
    await expect(decodePicture(damaged)).rejects.toThrow(/No QR code/);
  });
});
