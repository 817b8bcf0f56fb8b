import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/**
 * Makes an uploaded SVG harmless by keeping only what draws: an allow-list of elements, no
 * scripts, event handlers, styles sheets, foreign objects or external references, no DOCTYPE or
 * entities. The result is still served only as a download under a sandboxing CSP: this is the
 * second of two walls, not the only one.
 */
const allowedElements = new Set(
  [
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
  ].map((name) => name.toLowerCase()),
);

const options = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  allowBooleanAttributes: true,
} as const;

type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const localName = (name: string) =>
  (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();
// Control characters and spaces are ignored by URL parsers: "java\tscript:" is still a scheme.
const squeezed = (value: string) =>
  [...value]
    .filter((character) => (character.codePointAt(0) ?? 0) > 0x20)
    .join('')
    .toLowerCase();

function safeAttribute(name: string, value: string): boolean {
  const attribute = localName(name.replace(/^@_/, ''));
  if (attribute.startsWith('on')) return false;
  // Entities are kept as written (not expanded), so a character reference could hide a word
  // from the checks below: an attribute that uses one is dropped.
  if (/&#|&[a-z]+;/i.test(String(value))) return false;
  const plain = squeezed(String(value));
  if (plain.includes('javascript:') || plain.includes('data:text') || plain.includes('vbscript:'))
    return false;
  if (attribute === 'href' || attribute === 'src') return plain.startsWith('#');
  if (plain.includes('url(') && !/url\(\s*['"]?#/.test(plain)) return false;
  if (attribute === 'style' && (plain.includes('@import') || plain.includes('expression('))) return false;
  return true;
}

function clean(nodes: XmlNode[]): XmlNode[] {
  const kept: XmlNode[] = [];
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ':@');
    if (!name) continue;
    if (name === '#text') {
      kept.push(node);
      continue;
    }
    if (name.startsWith('!') || name.startsWith('?') || !allowedElements.has(localName(name))) continue;
    const attributes = Object.fromEntries(
      Object.entries(node[':@'] ?? {}).filter(([attribute, value]) => safeAttribute(attribute, value)),
    );
    const children = Array.isArray(node[name]) ? clean(node[name] as XmlNode[]) : [];
    kept.push(
      Object.keys(attributes).length > 0 ? { [name]: children, ':@': attributes } : { [name]: children },
    );
  }
  return kept;
}

/** The SVG with only its drawing kept, or null when nothing of an `<svg>` root is left. */
export function sanitizeSvg(content: Buffer): Buffer | null {
  const text = content
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/<!DOCTYPE[\s\S]*?(\[[\s\S]*?\])?\s*>/gi, '');
  let tree: XmlNode[];
  try {
    tree = new XMLParser(options).parse(text) as XmlNode[];
  } catch {
    return null;
  }
  const cleaned = clean(tree);
  const root = cleaned.find((node) =>
    Object.keys(node).some((key) => key !== ':@' && localName(key) === 'svg'),
  );
  if (!root) return null;
  return Buffer.from(new XMLBuilder(options).build([root]) as string, 'utf8');
}
