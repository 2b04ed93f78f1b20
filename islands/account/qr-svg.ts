import QRCode from 'qrcode';

// A QR code drawn as one SVG path (synchronous, crisp at any size, no canvas or image decoding):
// each run of dark modules in a row is one rectangle, inside a quiet zone of 2 modules.

const QUIET = 2;

export function qrSvgPath(text: string): { size: number; d: string } {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      parts.push(`M${start + QUIET} ${y + QUIET}h${x - start}v1h${start - x}z`);
    }
  }
  return { size: size + 2 * QUIET, d: parts.join('') };
}
