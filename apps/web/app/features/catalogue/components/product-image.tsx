import type { ProductSummary } from '@promptmarket/contracts/catalogue';

type Previewed = Pick<ProductSummary, 'images' | 'title' | 'thumb_url' | 'image_url'>;

/** The tile's picture: the thumbnail, else the full preview (spec section 2). */
export const previewSrc = (product: Pick<ProductSummary, 'thumb_url' | 'image_url'>) =>
  product.thumb_url || product.image_url;

/** A source set of pictures by width, as `ProductImage` writes it. */
export const srcset = (byWidth: Record<string, string>) =>
  Object.entries(byWidth)
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');

/**
 * A preload for the picture a page shows first, as a route's meta link: the same webp source set
 * and sizes as its `<img>` (a `priority` ProductImage), so the browser fetches once the very file
 * it is going to show.
 */
export function productImagePreload(product: Previewed, sizes: string) {
  return {
    tagName: 'link',
    rel: 'preload',
    as: 'image',
    imageSrcSet: srcset(product.images.webp),
    imageSizes: sizes,
    fetchPriority: 'high',
  } as const;
}

/**
 * A product preview, the width chosen by the browser from `sizes`, square, with its size declared
 * so nothing shifts as it loads. Pictures below the first screen are avif where the browser has
 * it (the smallest files), webp otherwise. The first screen's (`priority`) are webp: the page's
 * first frame waits for their decoding, and avif decodes several times slower than webp for only
 * somewhat fewer bytes (docs/performance.md).
 * They are decoded with the frame they are in (not `async`), so the first frame shows them whole.
 * Its text is the product's title, unless `alt` says otherwise: empty where the title is written
 * beside it in the same link or tile (a screen reader would read it twice).
 */
export function ProductImage({
  product,
  sizes,
  priority = false,
  className = '',
  alt = product.title,
}: {
  product: Previewed;
  sizes: string;
  priority?: boolean;
  className?: string;
  alt?: string;
}) {
  return (
    <picture>
      {/* A product without thumbnails has empty source sets, which the browser passes over. */}
      {!priority && <source type="image/avif" srcSet={srcset(product.images.avif)} sizes={sizes} />}
      <source type="image/webp" srcSet={srcset(product.images.webp)} sizes={sizes} />
      <img
        src={previewSrc(product)}
        alt={alt}
        width={640}
        height={640}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? undefined : 'async'}
        className={`aspect-square h-auto w-full object-cover ${className}`}
      />
    </picture>
  );
}
