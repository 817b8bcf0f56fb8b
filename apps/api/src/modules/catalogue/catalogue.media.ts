import { PREVIEW_WIDTHS } from '@promptmarket/contracts';
import sharp from 'sharp';
import type { Storage } from '../../lib/storage';

export const PREVIEW_FORMATS = ['webp', 'avif'] as const;

export function previewKey(
  imageKey: string,
  width: number,
  format: (typeof PREVIEW_FORMATS)[number],
): string {
  return `products/${imageKey}/${width}.${format}`;
}

export function originalKey(imageKey: string): string {
  return `products/${imageKey}/original.png`;
}

type PreviewUrls = Record<(typeof PREVIEW_FORMATS)[number], Record<string, string>>;

/** Each preview's public URL as the texts before and after its picture key, by format and width: made once. */
const previewAddresses = PREVIEW_FORMATS.map((format) => ({
  format,
  widths: PREVIEW_WIDTHS.map((width) => {
    const [before = '', after = ''] = `/media/${previewKey('\u0000', width, format)}`.split('\u0000');
    const escaped = (text: string) => JSON.stringify(text).slice(1, -1);
    return { width: String(width), before, after, beforeJson: escaped(before), afterJson: escaped(after) };
  }),
}));

/** Public URLs of a product's previews, by format and width. */
export function previewUrls(imageKey: string): PreviewUrls {
  const urls = {} as PreviewUrls;
  for (const { format, widths } of previewAddresses) {
    const byWidth: Record<string, string> = {};
    for (const { width, before, after } of widths) byWidth[width] = before + imageKey + after;
    urls[format] = byWidth;
  }
  return urls;
}

/** `previewUrls(imageKey).webp[width] ?? ''`, without making the other addresses. */
export function webpPreviewUrl(imageKey: string, width: string): string {
  for (const { format, widths } of previewAddresses) {
    if (format !== 'webp') continue;
    for (const each of widths) if (each.width === width) return each.before + imageKey + each.after;
  }
  return '';
}

/**
 * `JSON.stringify(previewUrls(imageKey))`, made by joining texts: the key is escaped once, and
 * nothing is walked. Serializing the URLs' objects (keys that look like numbers) is slow, and would
 * be most of the work of a cached tile's JSON.
 */
export function previewUrlsJson(imageKey: string): string {
  const key = JSON.stringify(imageKey).slice(1, -1);
  let json = '{';
  for (const { format, widths } of previewAddresses) {
    json += `${json.length === 1 ? '' : ','}"${format}":{`;
    widths.forEach(({ width, beforeJson, afterJson }, place) => {
      json += `${place === 0 ? '' : ','}"${width}":"${beforeJson}${key}${afterJson}"`;
    });
    json += '}';
  }
  return `${json}}`;
}

/**
 * Stores a product image once: the original as PNG (private, it is what buyers get) and
 * the previews every page shows (public, webp and avif in each width).
 */
export async function storeProductImage(storage: Storage, imageKey: string, original: Buffer): Promise<void> {
  const png = await sharp(original).resize(1024, 1024, { fit: 'cover' }).png().toBuffer();
  await storage.put('private', originalKey(imageKey), png, { contentType: 'image/png' });
  for (const width of PREVIEW_WIDTHS) {
    const resized = sharp(png).resize(width, width);
    await storage.put(
      'public',
      previewKey(imageKey, width, 'webp'),
      await resized.clone().webp({ quality: 78 }).toBuffer(),
      { contentType: 'image/webp' },
    );
    await storage.put(
      'public',
      previewKey(imageKey, width, 'avif'),
      await resized.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
      { contentType: 'image/avif' },
    );
  }
}
