import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachePage, compressedPage, gzippedPageWithNonce, pageWithNonce } from './page-cache';

const nonce = () => randomBytes(16).toString('base64');

describe('cached pages', () => {
  it('serves the page under each response’s own nonce, and nothing of the one it was rendered with', () => {
    const first = nonce();
    const html =
      `<!DOCTYPE html><html><head><script nonce="${first}">start()</script></head>` +
      `<body><p>Zürich – 12,50 € · 東京 🎨</p><style nonce="${first}">p{}</style>` +
      `<script nonce="${first}">window.x = 1</script></body></html>`;
    const page = cachePage(Buffer.from(html), first, 200, [['content-type', 'text/html; charset=utf-8']]);
    expect(page.nonceAt).toHaveLength(3);

    const second = nonce();
    const served = pageWithNonce(page, second).toString('utf8');
    expect(served).toBe(html.replaceAll(first, second));
    expect(served).not.toContain(first);

    // Serving a copy leaves the cached page as it was, for the next visitor.
    const third = nonce();
    expect(pageWithNonce(page, third).toString('utf8')).toBe(html.replaceAll(first, third));
  });

  it('serves a page without a nonce as it is', () => {
    const page = cachePage(Buffer.from('<p>plain</p>'), nonce(), 200, []);
    expect(page.nonceAt).toEqual([]);
    expect(pageWithNonce(page, nonce()).toString('utf8')).toBe('<p>plain</p>');
  });

  it('refuses a nonce of another length or beyond ASCII, which would break the page', () => {
    const first = nonce();
    const page = cachePage(Buffer.from(`<script nonce="${first}"></script>`), first, 200, []);
    expect(() => pageWithNonce(page, `${nonce()}x`)).toThrow();
    expect(() => pageWithNonce(page, `é${nonce().slice(1)}`)).toThrow();
  });

  it('gzips the page under each response’s nonce, every copy a whole gzip member that checks out', () => {
    const first = nonce();
    const block = (index: number) =>
      `<li class="tile">Prompt ${index} – a misty harbour at dawn, 4,99 €</li>`.repeat(40);
    const html =
      `<script nonce="${first}">a()</script>${block(1)}` +
      `<script nonce="${first}"></script><script nonce="${first}"></script>${block(2)}` +
      `<style nonce="${first}"></style>`;
    const page = cachePage(Buffer.from(html), first, 200, []);
    for (let copy = 0; copy < 3; copy++) {
      const mine = nonce();
      const gzipped = gzippedPageWithNonce(page, mine);
      // gunzip checks the trailer's CRC-32 and length: a wrong checksum would throw here.
      expect(gunzipSync(gzipped).toString('utf8')).toBe(html.replaceAll(first, mine));
      expect(gzipped.includes(Buffer.from(first))).toBe(false);
      expect(gzipped.length).toBeLessThan(Buffer.byteLength(html) / 10);
    }
    const plain = cachePage(Buffer.from('<p>no scripts here</p>'), first, 200, []);
    expect(gunzipSync(gzippedPageWithNonce(plain, nonce())).toString('utf8')).toBe('<p>no scripts here</p>');
  });

  it('stores the short text between nearby nonces and compresses the long, the copy whole wherever the page ends', () => {
    const first = nonce();
    const preloads = Array.from({ length: 6 }, (_, index) => `<link href="/m${index}.js" nonce="${first}"/>`);
    const long = '<li class="tile">A lighthouse in a storm, oil on canvas – 2,99 €</li>'.repeat(120);
    const pages = [
      `<head>${preloads.join('')}</head><body>${long}<script nonce="${first}">go()</script></body>`,
      `<head>${preloads.join('')}</head><body>${long}<script nonce="${first}">`,
      `${long}<script nonce="${first}"></script>${long}`,
      `<script nonce="${first}"></script>`,
      `<p>Krótki tekst – żółć</p><script nonce="${first}"></script><p>koniec</p>`,
    ];
    for (const html of pages) {
      const page = cachePage(Buffer.from(html), first, 200, []);
      const mine = nonce();
      const gzipped = gzippedPageWithNonce(page, mine);
      expect(gunzipSync(gzipped).toString('utf8')).toBe(html.replaceAll(first, mine));
      if (html.length > 4000) expect(gzipped.length).toBeLessThan(Buffer.byteLength(html) / 5);
    }
    // The preloads between two nonces went in as they are: no compressor was started for them.
    const withPreloads = cachePage(Buffer.from(pages[0] ?? ''), first, 200, []);
    expect(
      gzippedPageWithNonce(withPreloads, nonce()).includes(Buffer.from('"/><link href="/m3.js" nonce="')),
    ).toBe(true);
  });

  it('compresses a page sent once as it was rendered, under its own nonce, by Zstandard or gzip', () => {
    const first = nonce();
    const html = `<script nonce="${first}">go()</script><p>Łódź – 3,49 €</p>`.repeat(50);
    const page = cachePage(Buffer.from(html), first, 200, []);
    expect(zstdDecompressSync(compressedPage(page, 'zstd')).toString('utf8')).toBe(html);
    expect(gunzipSync(compressedPage(page, 'gzip')).toString('utf8')).toBe(html);
  });

  it("gives each copy the checksum of its own text, the page's first and last bytes a nonce, megabytes apart", () => {
    const first = nonce();
    const filler = (bytes: number) => randomBytes(bytes).toString('base64url');
    const html = `${first}<p>${filler(1_500_000)}</p><i nonce="${first}">ü</i>${filler(70_001)}${first}`;
    const page = cachePage(Buffer.from(html), first, 200, []);
    expect(page.nonceAt).toHaveLength(3);
    for (let copy = 0; copy < 3; copy++) {
      const mine = nonce();
      const gzipped = gzippedPageWithNonce(page, mine);
      const expected = Buffer.from(html.replaceAll(first, mine));
      expect(gzipped.readUInt32LE(gzipped.length - 8)).toBe(crc32(expected));
      expect(gunzipSync(gzipped).equals(expected)).toBe(true);
    }
  });
});
