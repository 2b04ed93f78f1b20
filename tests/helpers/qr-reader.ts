import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';

// Reading a QR code the way a phone does, from its pixels: a screenshot of the drawn code, given a
// quiet zone, decoded by jsQR (which checks every block's error correction, so a damaged code is not
// read as something else).

/** Decode a picture (PNG, JPEG...) of a QR code on a light background. */
export async function decodePicture(picture: Buffer): Promise<{ text: string }> {
  const { data, info } = await sharp(picture)
    .flatten({ background: '#ffffff' })
    .extend({ top: 24, bottom: 24, left: 24, right: 24, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!code) throw new Error('No QR code could be read from the picture');
  return { text: code.data };
}

/** Screenshot the element holding the QR code and decode it. */
export async function readQrCode(element: Locator) {
  return decodePicture(await element.screenshot({ animations: 'disabled' }));
}
