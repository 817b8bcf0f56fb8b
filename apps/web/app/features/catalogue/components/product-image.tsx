import type { ProductSummary } from '@promptmarket/contracts/catalogue';

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
  product: Pick<ProductSummary, 'images' | 'title' | 'thumb_url'>;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const srcset = (byWidth: Record<string, string>) =>
    Object.entries(byWidth)
      .map(([width, url]) => `${url} ${width}w`)
      .join(', ');
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
