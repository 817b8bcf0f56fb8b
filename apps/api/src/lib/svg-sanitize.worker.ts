import { parentPort } from 'node:worker_threads';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * The worker thread that cleans one uploaded SVG (started by `sanitizeSvg` in svg-sanitize.ts, which
 * stops it once it has answered or taken too long). It is sent the file's text and answers the
 * cleaned text, or null. jsdom and DOMPurify run here, never on the server's event loop (decision 0045).
 *
 * DOMPurify works on a jsdom window of its own: the file is parsed as XML (as a browser reads an
 * SVG file), only the drawing elements below are kept, and what DOMPurify leaves is narrowed
 * further by `safeAttribute`: no event handlers, links or references only within the file, no
 * `url()` out of it. The result is still served only as a download under a sandboxing CSP: this is
 * the second of two walls, not the only one.
 *
 * This file imports packages only: it runs as it is under Node (its types stripped) from src/, and
 * as its own bundle from dist/.
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
type XmlDocument = { doctype: unknown; documentElement: XmlElement | null };

type Sanitizer = (text: string) => string | null;

function createSanitizer(window: Window, purify: DOMPurify): Sanitizer {
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.keepAttr && !safeAttribute(data.attrName, data.attrValue)) data.keepAttr = false;
  });
  const parse = (text: string) => {
    const document = new window.DOMParser().parseFromString(text, 'image/svg+xml');
    // svg-sanitize.ts refuses a DOCTYPE before sending the file; none gets through here either.
    return document.doctype ? null : document.documentElement;
  };
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

const { window } = new JSDOM('');
const sanitize = createSanitizer(window as Window, createDOMPurify(window as never));

// The worker waits for its next file until it is stopped, rather than end by itself: its answer
// always arrives before its end.
parentPort?.on('message', (text: string) => {
  parentPort?.postMessage(sanitize(text));
});
