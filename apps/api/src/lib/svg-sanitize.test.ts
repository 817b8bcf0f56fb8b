import { describe, expect, it } from 'vitest';
import { isSvg } from './file-kinds';
import { declaresDoctype, sanitizeSvg } from './svg-sanitize';

const svg = (body: string, attributes = '') =>
  Buffer.from(
    `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${attributes}>${body}</svg>`,
  );

describe('sanitizeSvg', async () => {
  it('keeps the drawing', async () => {
    const out = (
      await sanitizeSvg(
        svg('<g fill="red"><rect x="1" y="1" width="5" height="5"/><circle r="2" fill="url(#g)"/></g>'),
      )
    )?.toString();
    expect(out).toContain('<rect x="1" y="1" width="5" height="5"');
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('<svg');
  });

  it('removes scripts, handlers, foreign objects, styles and external or script links', async () => {
    const out =
      (
        await sanitizeSvg(
          svg(
            `<script>alert(1)</script><foreignObject><iframe src="https://evil.example"/></foreignObject>
         <style>@import url(https://evil.example/x.css);</style>
         <a href="javascript:alert(1)"><text>click</text></a>
         <use href="https://evil.example/sprite.svg#x"/><use href="#local"/>
         <image href="data:text/html,hi"/>
         <rect onclick="alert(1)" fill="url(https://evil.example/x)" width="1" height="1"/>
         <path d="M0 0" style="fill:red" onmouseover="x()"/>`,
            ' onload="alert(1)"',
          ),
        )
      )?.toString() ?? '';
    for (const bad of [
      'script',
      'alert',
      'foreignObject',
      'iframe',
      'evil.example',
      '@import',
      'javascript',
      'onclick',
      'onload',
      'onmouseover',
      '<image',
      '<a ',
    ]) {
      expect(out).not.toContain(bad);
    }
    expect(out).toContain('<use href="#local"');
    expect(out).toContain('style="fill:red"');
  });

  it('sees through control characters and character references that hide a scheme or a url', async () => {
    const out =
      (
        await sanitizeSvg(
          svg(
            '<rect width="1" fill="u&#114;l(https://evil.example/x)"/><rect width="2" style="background:url(java\tscript:x)"/><use href="java&#x09;script:alert(1)"/>',
          ),
        )
      )?.toString() ?? '';
    expect(out).not.toContain('evil.example');
    expect(out).not.toContain('script');
    expect(out).toContain('<rect width="1"');
  });

  it('refuses a DOCTYPE, so no entity it declares is ever read', async () => {
    expect(
      await sanitizeSvg(
        Buffer.from(
          '<!DOCTYPE svg [<!ENTITY x "BOOM">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
        ),
      ),
    ).toBeNull();
    expect(
      await sanitizeSvg(Buffer.from('<!doctype svg><svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBeNull();
  });

  it('keeps no live markup hidden in a CDATA section or a quoted attribute value', async () => {
    const out =
      (
        await sanitizeSvg(
          svg(
            `<text><![CDATA[<script>alert(1)</script>]]></text><rect width="1" fill='a" onload="alert(2)'/>`,
          ),
        )
      )?.toString() ?? '';
    expect(out).not.toContain('<script');
    // The quote stays inside the value it was written in: no attribute is made of it.
    expect(out).toContain('<rect width="1" fill="a&quot; onload=&quot;alert(2)"/>');
  });

  it('drops a style that points out of the file in any of its url()s', async () => {
    const out =
      (
        await sanitizeSvg(
          svg(
            `<rect width="1" style="fill:url(#a);stroke:url( 'https://evil.example/x' )"/><rect width="2" style="fill:url('#b')"/>`,
          ),
        )
      )?.toString() ?? '';
    expect(out).not.toContain('evil.example');
    expect(out).toContain(`<rect width="2" style="fill:url('#b')"`);
  });

  it('reads an svg written without its namespace as an SVG drawing', async () => {
    expect((await sanitizeSvg(Buffer.from('<svg width="3"><rect width="1"/></svg>')))?.toString()).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="3"><rect width="1"/></svg>',
    );
  });

  it('answers null when there is no svg root', async () => {
    expect(await sanitizeSvg(Buffer.from('<html><body/></html>'))).toBeNull();
    expect(await sanitizeSvg(Buffer.from('not xml at all <'))).toBeNull();
  });
});

/**
 * The upload that froze the shop: `<!DOCTYPE[` many times over in a comment, about `bytes` long.
 * The regex that used to strip a DOCTYPE (`/<!DOCTYPE(?:[^[>]*|[^[>]*\[[\s\S]*?\]\s*)>/gi`) tried
 * every `[` against the rest of the file, so its time grew with the square of the length, on the
 * event loop.
 */
function doctypeFragments(bytes: number): Buffer {
  const head = '<svg xmlns="http://www.w3.org/2000/svg"><!--';
  const tail = '--></svg>';
  return Buffer.from(`${head}${'<!DOCTYPE['.repeat(Math.ceil(bytes / 10))}${tail}`);
}

/** A drawing of about `bytes` that keeps jsdom and DOMPurify busy for a while. */
function largeDrawing(bytes: number): Buffer {
  const shape = '<g fill="red"><rect x="1" y="2" width="3" height="4" style="fill:url(#a)"/></g>';
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg">${shape.repeat(Math.ceil(bytes / shape.length))}</svg>`,
  );
}

/** How long `work` takes, and the longest the event loop went without running a timer meanwhile. */
async function timed<T>(work: () => Promise<T>) {
  let last = performance.now();
  let longestStall = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longestStall = Math.max(longestStall, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    // Work that blocked the event loop to its end let the ticker run no more after it: count that too.
    longestStall = Math.max(longestStall, performance.now() - last);
    return { result, elapsed: performance.now() - started, longestStall };
  } finally {
    clearInterval(ticker);
  }
}

describe('hostile and large SVGs (decision 0045)', () => {
  it('finds a DOCTYPE in any case and anywhere, and none in a plain drawing', () => {
    expect(declaresDoctype(Buffer.from('<?xml version="1.0"?><!DOCTYPE svg><svg/>'))).toBe(true);
    expect(declaresDoctype(Buffer.from('<svg><!-- <!doctype html> --></svg>'))).toBe(true);
    expect(declaresDoctype(Buffer.from('<svg><text>DOCTYPE</text><!-- <! DOCTYPE --></svg>'))).toBe(false);
  });

  it('refuses 1 MB of DOCTYPE fragments in a comment within a second', async () => {
    const crafted = doctypeFragments(1024 * 1024);
    const { result, elapsed, longestStall } = await timed(() => sanitizeSvg(crafted));
    expect(elapsed).toBeLessThan(1000);
    expect(longestStall).toBeLessThan(1000);
    expect(result).toBeNull();
  });

  it('cleans a large drawing in a worker thread: the event loop keeps running meanwhile', async () => {
    // jsdom and DOMPurify take seconds over 2 MB; on the event loop, that would be one stall. The bound
    // is a second, not less: on a machine busy with other work, a collection or another process can
    // hold the loop a few hundred milliseconds whatever this code does.
    const { result, longestStall } = await timed(() => sanitizeSvg(largeDrawing(2 * 1024 * 1024), 60_000));
    expect(longestStall).toBeLessThan(1000);
    expect(result?.toString()).toContain('<rect x="1" y="2" width="3" height="4" style="fill:url(#a)"/>');
  });

  it('refuses a drawing it cannot clean within the time limit, and cleans the next one', async () => {
    const { result, elapsed } = await timed(() => sanitizeSvg(largeDrawing(2 * 1024 * 1024), 200));
    expect(elapsed).toBeLessThan(1000);
    expect(result).toBeNull();
    expect((await sanitizeSvg(svg('<rect width="1"/>')))?.toString()).toContain('<rect width="1"/>');
  });
});

describe('telling an SVG from other text (decision 0045)', () => {
  it('takes a well-formed document with one <svg> root, and nothing else', async () => {
    expect(await isSvg(svg('<rect width="1"/>'))).toBe(true);
    expect(await isSvg(Buffer.from('\uFEFF<?xml version="1.0"?><svg:svg xmlns:svg="x"/>'))).toBe(true);
    expect(await isSvg(Buffer.from('<svg><g></svg>'))).toBe(false);
    expect(await isSvg(Buffer.from('<html><svg/></html>'))).toBe(false);
    expect(await isSvg(Buffer.from('<svg>\u0000</svg>'))).toBe(false);
  });

  it('parses a large file in a worker thread: the event loop keeps running meanwhile', async () => {
    // fast-xml-parser takes seconds over 8 MB; on the event loop, that would be one stall (the bound is a
    // second, as above).
    const { result, longestStall } = await timed(() => isSvg(largeDrawing(8 * 1024 * 1024), 60_000));
    expect(result).toBe(true);
    expect(longestStall).toBeLessThan(1000);
  });

  it('does not take a file it cannot read within the time limit', async () => {
    const { result, elapsed } = await timed(() => isSvg(largeDrawing(8 * 1024 * 1024), 100));
    expect(result).toBe(false);
    expect(elapsed).toBeLessThan(1000);
  });
});
