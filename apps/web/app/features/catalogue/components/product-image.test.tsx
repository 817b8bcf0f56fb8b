import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductImage, productImagePreload } from './product-image';

const product = {
  title: 'Misty harbour',
  thumb_url: '/media/products/misty-harbour/320.webp',
  image_url: '/media/products/misty-harbour/640.webp',
  images: {
    webp: { 320: '/media/products/misty-harbour/320.webp', 640: '/media/products/misty-harbour/640.webp' },
    avif: { 320: '/media/products/misty-harbour/320.avif', 640: '/media/products/misty-harbour/640.avif' },
  },
};

describe('ProductImage', () => {
  it('shows the first screen’s pictures as webp decoded with their frame, and preloads that very file', () => {
    const html = renderToStaticMarkup(<ProductImage product={product} sizes="50vw" priority />);
    expect(html).not.toContain('avif');
    expect(html).toContain('type="image/webp"');
    expect(html).not.toContain('decoding=');
    expect(html).toContain('loading="eager"');
    const preload = productImagePreload(product, '50vw');
    expect(preload).toMatchObject({
      imageSrcSet: '/media/products/misty-harbour/320.webp 320w, /media/products/misty-harbour/640.webp 640w',
    });
    expect(preload).not.toHaveProperty('type');
  });

  it('offers avif below the first screen, loaded lazily and decoded off the frame', () => {
    const html = renderToStaticMarkup(<ProductImage product={product} sizes="50vw" />);
    expect(html.indexOf('type="image/avif"')).toBeLessThan(html.indexOf('type="image/webp"'));
    expect(html).toContain('decoding="async"');
    expect(html).toContain('loading="lazy"');
  });
});

describe('a product without a thumbnail', () => {
  const bare = {
    title: 'Misty harbour',
    thumb_url: '',
    image_url: '/media/products/misty-harbour/640.webp',
    images: { webp: {}, avif: {} },
  };

  it('shows its image_url', () => {
    for (const priority of [true, false]) {
      const html = renderToStaticMarkup(<ProductImage product={bare} sizes="50vw" priority={priority} />);
      expect(html).toContain('<img src="/media/products/misty-harbour/640.webp"');
    }
  });

  it('keeps the thumbnail where there is one', () => {
    const html = renderToStaticMarkup(<ProductImage product={product} sizes="50vw" />);
    expect(html).toContain('<img src="/media/products/misty-harbour/320.webp"');
  });
});
