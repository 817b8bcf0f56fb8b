import type { Config, DOMPurify } from 'dompurify';

/**
 * Makes an uploaded SVG harmless with DOMPurify, on a jsdom window of its own: the file is parsed
 * as XML (as a browser reads an SVG file), only the drawing elements below are kept, and what
 * DOMPurify leaves is narrowed further by `safeAttribute`: no event handlers, links or references
 * only within the file, no `url()` out of it. The result is still served only as a download under
 * a sandboxing CSP: this is the second of two walls, not the only one.
 */
const drawingElements = [
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'symbol',
  'use',
  'title',
  'desc',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComposite',
  'feFlood',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'feTurbulence',
  'feDisplacementMap',
];

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

const config: Config & { IN_PLACE: true } = {
  IN_PLACE: true,
  // DOMPurify compares names in lower case unless told the document is XHTML.
  ALLOWED_TAGS: drawingElements.map((name) => name.toLowerCase()),
  // The file is never part of one of our pages, so its ids cannot clobber our document's names.
  SANITIZE_DOM: false,
};

const localName = (name: string) =>
  (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();
// Control characters and spaces are ignored by URL parsers: "java\tscript:" is still a scheme.
const squeezed = (value: string) =>
  [...value]
    .filter((character) => (character.codePointAt(0) ?? 0) > 0x20)
    .join('')
    .toLowerCase();

/** Whether an attribute DOMPurify would keep stays: nothing may point out of the file. */
function safeAttribute(name: string, value: string): boolean {
  const attribute = localName(name);
  if (attribute.startsWith('on')) return false;
  const plain = squeezed(value);
  if (plain.includes('javascript:') || plain.includes('data:text') || plain.includes('vbscript:'))
    return false;
  if (attribute === 'href' || attribute === 'src') return plain.startsWith('#');
  // Every `url(` must name a part of this file, not only the first of a list.
  if (/url\((?!['"]?#)/.test(plain)) return false;
  if (attribute === 'style' && (plain.includes('@import') || plain.includes('expression('))) return false;
  return true;
}

type Window = {
  DOMParser: new () => { parseFromString(text: string, type: string): XmlDocument };
  XMLSerializer: new () => { serializeToString(node: XmlElement): string };
};
type XmlElement = { localName: string; namespaceURI: string | null; hasAttribute(name: string): boolean };
type XmlDocument = { documentElement: XmlElement | null };

type Sanitizer = (text: string) => string | null;

function createSanitizer(window: Window, purify: DOMPurify): Sanitizer {
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.keepAttr && !safeAttribute(data.attrName, data.attrValue)) data.keepAttr = false;
  });
  const parse = (text: string) =>
    new window.DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  return (text) => {
    let root = parse(text);
    // An `<svg>` written without its namespace is read as the SVG it was meant to be.
    if (root?.localName === 'svg' && root.namespaceURI === null && !root.hasAttribute('xmlns')) {
      root = parse(text.replace(/<svg(?=[\s/>])/, `<svg xmlns="${SVG_NAMESPACE}"`));
    }
    if (root?.localName !== 'svg' || root.namespaceURI !== SVG_NAMESPACE) return null;
    try {
      purify.sanitize(root as never, config);
    } catch {
      // DOMPurify refuses to clean a root it would remove.
      return null;
    }
    return new window.XMLSerializer().serializeToString(root);
  };
}

let sanitizer: Promise<Sanitizer> | undefined;

/** jsdom takes a moment to load: it is loaded on the first SVG, not when the server starts. */
function loadSanitizer(): Promise<Sanitizer> {
  sanitizer ??= Promise.all([import('jsdom'), import('dompurify')])
    .then(([{ JSDOM }, { default: createDOMPurify }]) => {
      const { window } = new JSDOM('');
      return createSanitizer(window as Window, createDOMPurify(window as never));
    })
    .catch((error: unknown) => {
      // A failed load is tried again by the next SVG instead of refusing every one after it.
      sanitizer = undefined;
      throw error;
    });
  return sanitizer;
}

/** The SVG with only its drawing kept, or null when it is no well-formed document with an `<svg>` root. */
export async function sanitizeSvg(content: Buffer): Promise<Buffer | null> {
  const clean = await loadSanitizer();
  // The DOCTYPE goes before parsing, so no entity it declares is ever expanded: a reference to
  // one is then an error that refuses the file.
  const text = clean(
    content
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .replace(/<!DOCTYPE(?:[^[>]*|[^[>]*\[[\s\S]*?\]\s*)>/gi, ''),
  );
  return text === null ? null : Buffer.from(text, 'utf8');
}
