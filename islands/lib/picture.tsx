import { pictureSources, type MediaUse } from '../../core/media.ts';

/** The islands' twin of site/components/ui/picture.astro (same sources, same attributes). */
export function Picture(props: { url: string; alt: string; use: MediaUse; sizes: string; className?: string }) {
  const p = pictureSources(props.url, props.use);
  return (
    <picture>
      {p.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={props.sizes} />
      ))}
      <img
        src={p.src}
        srcSet={p.srcset}
        sizes={p.srcset ? props.sizes : undefined}
        alt={props.alt}
        width={p.width}
        height={p.height}
        loading="lazy"
        decoding="async"
        className={props.className}
      />
    </picture>
  );
}
