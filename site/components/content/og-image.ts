import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import type { ContentImage } from '../../lib/content/models.ts';

const bundled = import.meta.glob<{ default: ImageMetadata }>('../../../content/dataset/images/*.{png,jpg,jpeg,webp}', {
  eager: true,
});

/** A 1200px-wide Open Graph image for a content image (through the same pipelines). */
export async function ogImageFor(
  image: ContentImage | null | undefined,
): Promise<{ url: string; width: number; height: number } | undefined> {
  if (!image) return undefined;
  if (image.source.kind === 'remote') {
    const width = Math.min(1200, image.source.width);
    return {
      url: `${image.source.url}?w=${width}&fm=jpg`,
      width,
      height: Math.round((image.source.height * width) / image.source.width),
    };
  }
  const meta = bundled[`../../../content/dataset/images/${image.source.file}`]?.default;
  if (!meta) return undefined;
  const out = await getImage({ src: meta, width: Math.min(1200, meta.width), format: 'png' });
  return { url: out.src, width: Number(out.attributes.width), height: Number(out.attributes.height) };
}
