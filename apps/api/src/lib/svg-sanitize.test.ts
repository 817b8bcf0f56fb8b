import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitize';

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

  it('drops a DOCTYPE with entities instead of expanding them', async () => {
    const out =
      (
        await sanitizeSvg(
          Buffer.from(
            '<!DOCTYPE svg [<!ENTITY x "BOOM">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
          ),
        )
      )?.toString() ?? '';
    expect(out).not.toContain('BOOM');
    expect(out).not.toContain('ENTITY');
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
