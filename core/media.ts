// Pictures of hotels and room types. Our own pictures live under /media/<key> and are rendered at
// build time (scripts/media/build-media.ts) to AVIF and WebP in a few widths; the page asks for the
// format and width it needs through <picture>. Sanity's image CDN resizes on request; any other URL
// is used as it is.

/** Every picture is drawn 16:10. */
export const MEDIA_RATIO = 10 / 16;

export const MEDIA_WIDTHS = {
  /** The large first picture of a hotel page (a superset of `card`: the same picture is a card elsewhere). */
  hero: [400, 800, 1200],
  /** Gallery tiles, room types and recommendation cards. */
  card: [400, 800],
} as const;
export type MediaUse = keyof typeof MEDIA_WIDTHS;

export const MEDIA_FORMATS = ['avif', 'webp'] as const;

export type PictureSources = {
  /** The fallback <img src>. */
  src: string;
  srcset?: string;
  /** <source> elements, best format first. */
  sources: { type: string; srcset: string }[];
  width: number;
  height: number;
};

export const isOwnMedia = (url: string) => url.startsWith('/media/');

/** The file of one rendered width and format of an own picture. */
export const mediaFile = (key: string, width: number, format: (typeof MEDIA_FORMATS)[number]) =>
  `${key}-${width}.${format}`;

/** What a <picture> needs for `url` used as `use`; `width` is the largest width the layout shows. */
export function pictureSources(url: string, use: MediaUse): PictureSources {
  const widths = MEDIA_WIDTHS[use];
  const largest = widths[widths.length - 1]!;
  const height = Math.round(largest * MEDIA_RATIO);
  if (isOwnMedia(url)) {
    const set = (format: (typeof MEDIA_FORMATS)[number]) =>
      widths.map((w) => `${mediaFile(url, w, format)} ${w}w`).join(', ');
    return {
      src: mediaFile(url, widths[0]!, 'webp'),
      srcset: set('webp'),
      sources: [{ type: 'image/avif', srcset: set('avif') }],
      width: largest,
      height,
    };
  }
  if (url.startsWith('https://cdn.sanity.io/')) {
    const at = (w: number) =>
      `${url}${url.includes('?') ? '&' : '?'}w=${w}&h=${Math.round(w * MEDIA_RATIO)}&fit=crop&auto=format`;
    return {
      src: at(widths[0]!),
      srcset: widths.map((w) => `${at(w)} ${w}w`).join(', '),
      sources: [],
      width: largest,
      height,
    };
  }
  return { src: url, sources: [], width: largest, height };
}
