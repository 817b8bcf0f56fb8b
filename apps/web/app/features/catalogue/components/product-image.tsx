import type { ProductSummary } from '@promptmarket/contracts/catalogue';

type Previewed = Pick<ProductSummary, 'images' | 'title' | 'thumb_url'>;

const srcset = (byWidth: Record<string, string>) =>
  Object.entries(byWidth)
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');

/**
 * A preload for the picture a page shows first, as a route's meta link: the same avif source set
 * and sizes as its `<picture>`, so the browser fetches once the very file it is going to show.
 * Browsers without avif skip it (its type) and find the webp in the page.
 */
export function productImagePreload(product: Previewed, sizes: string) {
  return {
    tagName: 'link',
    rel: 'preload',
    as: 'image',
    type: 'image/avif',
    imageSrcSet: srcset(product.images.avif),
    imageSizes: sizes,
    fetchPriority: 'high',
  } as const;
}

/**
 * A product preview: avif where the browser has it, webp otherwise, the width chosen by
 * the browser from `sizes`. Square, with its size declared so nothing shifts as it loads.
 */
export function ProductImage({
  product,
  sizes,
  priority = false,
  className = '',
}: {
  product: Previewed;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcset(product.images.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcset(product.images.webp)} sizes={sizes} />
      <img
        src={product.thumb_url}
        alt={product.title}
        width={640}
        height={640}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={`aspect-square h-auto w-full object-cover ${className}`}
      />
    </picture>
  );
}
