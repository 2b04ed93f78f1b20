import sharp from 'sharp';

// Uploaded pictures: the type comes from the file's first bytes (its magic number), never from its
// name or the type the browser claims, and every picture is decoded and encoded again, so what we
// keep is pixels only: no EXIF (camera, GPS position, time), no XMP, no ICC or IPTC block, nothing
// appended after the image.

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Larger pictures are scaled down to fit (an ID card stays legible far below this). */
const MAX_EDGE = 2560;
/** Decompression bombs: refuse to decode more pixels than a 40-megapixel camera takes. */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** JPEG (FF D8 FF), PNG (89 'PNG' CR LF 1A LF) or WebP ('RIFF' size 'WEBP'), by the bytes alone. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

export class UnreadableImage extends Error {}

/**
 * Decode and encode again in the same format, turned upright by its EXIF orientation first (the only
 * thing of the metadata worth keeping, and it is applied rather than kept), scaled to fit MAX_EDGE.
 * Without `withMetadata` sharp writes no metadata at all.
 */
export async function cleanImage(
  bytes: Uint8Array,
  type: ImageType,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'image/jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : type === 'image/png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    throw new UnreadableImage(error instanceof Error ? error.message : String(error));
  }
}
