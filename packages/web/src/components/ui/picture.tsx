// An image served as WebP with a JPEG fallback (both generated or uploaded under /images/).
import type { ImageRef } from '@efir/domain/catalog-wire';

export function imageUrl(ref: ImageRef, format: 'webp' | 'jpg' = 'jpg'): string {
  return format === 'webp' ? `/images/${ref.basename}.webp` : `/images/${ref.filename}`;
}

export function Picture({
  image,
  alt,
  width,
  height,
  className,
  eager = false,
  sizes,
}: {
  image: ImageRef | null;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above-the-fold images load at once; the rest lazily. */
  eager?: boolean;
  sizes?: string;
}) {
  if (!image) {
    return (
      <span
        className={`picture-placeholder ${className ?? ''}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        aria-hidden="true"
      />
    );
  }
  return (
    <picture className={className}>
      <source srcSet={imageUrl(image, 'webp')} type="image/webp" sizes={sizes} />
      <img
        src={imageUrl(image)}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={eager ? 'high' : undefined}
      />
    </picture>
  );
}
