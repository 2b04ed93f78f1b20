import { createRequire } from 'node:module';
import type { Locator } from '@playwright/test';
import sharp from 'sharp';

// Reading a QR code the way a phone does, from its pixels: a screenshot of the drawn code is sampled
// into modules, and those are decoded (ISO/IEC 18004: format information, unmasking, the zigzag
// codeword order, de-interleaving, a Reed-Solomon check of every block, then the numeric,
// alphanumeric and byte segments). No QR decoder is installed (jsqr is not a dependency), so this is
// a small one: it needs a clean, upright code (a screenshot, not a camera frame) and corrects
// nothing; a block whose syndromes are not zero is an error. The only things taken from the `qrcode`
// package are the standard's block-count tables, which the Reed-Solomon check would expose if wrong;
// the masks, the format information and the function patterns are this file's own.

const require = createRequire(import.meta.url);
type EcLevel = { bit: number };
const levels = require('qrcode/lib/core/error-correction-level.js') as Record<'L' | 'M' | 'Q' | 'H', EcLevel>;
const ecTables = require('qrcode/lib/core/error-correction-code.js') as {
  getBlocksCount(version: number, level: EcLevel): number;
  getTotalCodewordsCount(version: number, level: EcLevel): number;
};

/** Alignment pattern centres per version (ISO/IEC 18004 annex E), versions 1 to 14. */
const ALIGNMENT: number[][] = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
  [6, 30, 54],
  [6, 32, 58],
  [6, 34, 62],
  [6, 26, 46, 66],
];

/** Codewords of a symbol per version (data and error correction together), versions 1 to 14. */
const TOTAL_CODEWORDS = [26, 44, 70, 100, 134, 172, 196, 242, 292, 346, 404, 466, 532, 581];

const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

/** The 15-bit format word of an error-correction level and mask (BCH(15,5), XOR 101010000010010). */
function formatWord(levelBits: number, mask: number): number {
  const data = (levelBits << 3) | mask;
  let rem = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (rem & (1 << bit)) rem ^= 0x537 << (bit - 10);
  return ((data << 10) | rem) ^ 0x5412;
}

const popcount = (n: number) => n.toString(2).replaceAll('0', '').length;

/**
 * The module grids a picture of a QR code on a light background may hold, most likely first: the dark
 * area's bounding box is the symbol, and the top-left finder's first dark run (7 modules wide) gives
 * an estimate of the module size; the sizes next to the estimate follow (anti-aliased edges blur it).
 */
async function candidateGrids(picture: Buffer): Promise<boolean[][][]> {
  const { data, info } = await sharp(picture).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const dark = (x: number, y: number) => data[(y * width + x) * channels]! < 128;
  let [top, left, bottom, right] = [height, width, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (dark(x, y)) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
  if (bottom < 0) throw new Error('no QR code in the picture');
  const row = top + 1;
  let run = 0;
  while (left + run <= right && dark(left + run, row)) run++;
  const side = right - left + 1;
  const estimate = side / (run / 7);
  const sizes = TOTAL_CODEWORDS.map((_, i) => 21 + 4 * i).sort(
    (a, b) => Math.abs(a - estimate) - Math.abs(b - estimate),
  );
  return sizes.slice(0, 3).map((size) => {
    const step = side / size;
    return Array.from({ length: size }, (_, r) =>
      Array.from({ length: size }, (_, c) =>
        dark(Math.floor(left + (c + 0.5) * step), Math.floor(top + (r + 0.5) * step)),
      ),
    );
  });
}

/** Decode a module matrix (true = dark) into its text. */
export function decodeModules(m: boolean[][]): { text: string; version: number; level: string } {
  const size = m.length;
  const version = (size - 17) / 4;
  if (version > TOTAL_CODEWORDS.length) throw new Error(`version ${version} is beyond this decoder`);
  const at = (r: number, c: number) => (m[r]![c] ? 1 : 0);

  // Format information, the copy beside the top-left finder (and the bottom-left one).
  let word = 0;
  for (let i = 0; i < 15; i++) {
    const bit = i < 6 ? at(i, 8) : i < 8 ? at(i + 1, 8) : at(size - 15 + i, 8);
    word |= bit << i;
  }
  let best = { distance: 99, level: 'M' as keyof typeof levels, mask: 0 };
  for (const level of ['L', 'M', 'Q', 'H'] as const)
    for (let mask = 0; mask < 8; mask++) {
      const distance = popcount(word ^ formatWord(levels[level].bit, mask));
      if (distance < best.distance) best = { distance, level, mask };
    }
  if (best.distance > 3) throw new Error('unreadable format information');

  // Function patterns: finders with separators and format areas, timing, alignment, version info.
  const reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const mark = (r0: number, c0: number, h: number, w: number) => {
    for (let r = r0; r < r0 + h; r++) for (let c = c0; c < c0 + w; c++) reserved[r]![c] = true;
  };
  mark(0, 0, 9, 9);
  mark(0, size - 8, 9, 8);
  mark(size - 8, 0, 8, 9);
  mark(6, 0, 1, size);
  mark(0, 6, size, 1);
  const centres = ALIGNMENT[version - 1]!;
  for (const r of centres)
    for (const c of centres) {
      const onFinder = (r === 6 && c === 6) || (r === 6 && c === size - 7) || (r === size - 7 && c === 6);
      if (!onFinder) mark(r - 2, c - 2, 5, 5);
    }
  if (version >= 7) {
    mark(0, size - 11, 6, 3);
    mark(size - 11, 0, 3, 6);
  }

  // The codewords, in the zigzag order from the bottom-right corner, unmasked.
  const unmask = MASKS[best.mask]!;
  const bits: number[] = [];
  let upward = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right--;
    for (let k = 0; k < size; k++) {
      const r = upward ? size - 1 - k : k;
      for (const c of [right, right - 1]) {
        if (reserved[r]![c]) continue;
        bits.push(at(r, c) ^ (unmask(r, c) ? 1 : 0));
      }
    }
    upward = !upward;
  }
  const total = TOTAL_CODEWORDS[version - 1]!;
  const codewords = Array.from({ length: total }, (_, i) =>
    bits.slice(i * 8, i * 8 + 8).reduce((acc, b) => (acc << 1) | b, 0),
  );

  // De-interleave into blocks; each block's Reed-Solomon syndromes must be zero.
  const level = levels[best.level];
  const blocks = ecTables.getBlocksCount(version, level);
  const ecTotal = ecTables.getTotalCodewordsCount(version, level);
  const dataTotal = total - ecTotal;
  const ecPerBlock = ecTotal / blocks;
  const longBlocks = dataTotal % blocks;
  const shortData = Math.floor(dataTotal / blocks);
  const dataOf = (b: number) => shortData + (b >= blocks - longBlocks ? 1 : 0);
  const blockData: number[][] = Array.from({ length: blocks }, () => []);
  const blockEc: number[][] = Array.from({ length: blocks }, () => []);
  let p = 0;
  for (let i = 0; i <= shortData; i++)
    for (let b = 0; b < blocks; b++) if (i < dataOf(b)) blockData[b]!.push(codewords[p++]!);
  for (let i = 0; i < ecPerBlock; i++) for (let b = 0; b < blocks; b++) blockEc[b]!.push(codewords[p++]!);
  for (let b = 0; b < blocks; b++)
    if (!syndromesVanish([...blockData[b]!, ...blockEc[b]!], ecPerBlock))
      throw new Error(`block ${b + 1} of ${blocks} fails its Reed-Solomon check`);

  return { text: readSegments(blockData.flat(), version), version, level: best.level };
}

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Array<number>(512);
const LOG = new Array<number>(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}

/** A codeword block is a multiple of the generator: it vanishes at alpha^0 .. alpha^(ec-1). */
function syndromesVanish(block: number[], ec: number): boolean {
  for (let k = 0; k < ec; k++) {
    let s = 0;
    for (const c of block) s = (s === 0 ? 0 : EXP[LOG[s]! + k]!) ^ c;
    if (s !== 0) return false;
  }
  return true;
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

function readSegments(data: number[], version: number): string {
  let pos = 0;
  const read = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) {
      const byte = data[(pos + i) >> 3] ?? 0;
      v = (v << 1) | ((byte >> (7 - ((pos + i) & 7))) & 1);
    }
    pos += n;
    return v;
  };
  const width = (small: number, medium: number, large: number) =>
    version <= 9 ? small : version <= 26 ? medium : large;
  let text = '';
  const bytes: number[] = [];
  const flush = () => {
    text += Buffer.from(bytes.splice(0)).toString('utf8');
  };
  while (pos + 4 <= data.length * 8) {
    const mode = read(4);
    if (mode === 0) break;
    if (mode === 0b0001) {
      flush();
      let n = read(width(10, 12, 14));
      for (; n >= 3; n -= 3) text += String(read(10)).padStart(3, '0');
      if (n === 2) text += String(read(7)).padStart(2, '0');
      if (n === 1) text += String(read(4));
    } else if (mode === 0b0010) {
      flush();
      let n = read(width(9, 11, 13));
      for (; n >= 2; n -= 2) {
        const v = read(11);
        text += ALPHANUMERIC[Math.floor(v / 45)]! + ALPHANUMERIC[v % 45]!;
      }
      if (n === 1) text += ALPHANUMERIC[read(6)]!;
    } else if (mode === 0b0100) {
      const n = read(width(8, 16, 16));
      for (let i = 0; i < n; i++) bytes.push(read(8));
    } else throw new Error(`segment mode ${mode.toString(2)} is beyond this decoder`);
  }
  flush();
  return text;
}

/** Decode a picture (PNG, JPEG...) of a QR code on a light background. */
export async function decodePicture(picture: Buffer) {
  let failure: unknown;
  for (const grid of await candidateGrids(picture)) {
    try {
      return decodeModules(grid);
    } catch (error) {
      failure ??= error;
    }
  }
  throw failure;
}

/** Screenshot the element holding the QR code and decode it. */
export async function readQrCode(element: Locator) {
  return decodePicture(await element.screenshot({ animations: 'disabled' }));
}
