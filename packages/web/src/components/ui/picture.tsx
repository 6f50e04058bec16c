// An image served as WebP with a JPEG fallback (both generated or uploaded under /images/).
import type { ImageRef } from '@efir/domain/catalog-wire';
import { preload as preloadResource } from 'react-dom';

export function imageUrl(ref: ImageRef, format: 'webp' | 'jpg' = 'jpg'): string {
  return format === 'webp' ? `/images/${ref.basename}.webp` : `/images/${ref.filename}`;
}

/** The WebP candidates by width when the picture comes in several (ImageRef.widths), else the one file. */
export function webpSrcSet(ref: ImageRef): string {
  const widths = ref.widths ?? [];
  if (widths.length < 2) return imageUrl(ref, 'webp');
  const largest = Math.max(...widths);
  return widths
    .map((width) => `/images/${ref.basename}${width === largest ? '' : `-${width}w`}.webp ${width}w`)
    .join(', ');
}

export function Picture({
  image,
  alt,
  width,
  height,
  className,
  eager = false,
  sizes: givenSizes,
  preload = false,
}: {
  image: ImageRef | null;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above-the-fold images load at once; the rest lazily. */
  eager?: boolean;
  /** The width the picture is shown at, for choosing among its sizes; by default its width, at most the screen's. */
  sizes?: string;
  /**
   * The page's main picture (its largest paint): loaded at once and preloaded from the page's head (the shop
   * moves React's preload there), so it does not wait behind the page's scripts.
   */
  preload?: boolean;
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
  const srcSet = webpSrcSet(image);
  // A set of widths always comes with sizes: without them the browser takes the whole screen's width.
  const sizes =
    (image.widths?.length ?? 0) > 1 ? (givenSizes ?? `(max-width: ${width}px) 100vw, ${width}px`) : undefined;
  if (preload) {
    // With several sizes the browser picks from imagesrcset/imagesizes, the same file the <source> picks.
    preloadResource(imageUrl(image, 'webp'), {
      as: 'image',
      type: 'image/webp',
      fetchPriority: 'high',
      ...((image.widths?.length ?? 0) > 1 ? { imageSrcSet: srcSet, imageSizes: sizes } : {}),
    });
  }
  const priority = eager || preload;
  return (
    <picture className={className}>
      <source srcSet={srcSet} type="image/webp" sizes={sizes} />
      <img
        src={imageUrl(image)}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}
