import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** The kinds of file the shop accepts, each recognised by its content alone. */
export type FileKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf' | 'doc' | 'docx' | 'svg';

export const fileKinds: Record<FileKind, { contentType: string; extension: string }> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  doc: { contentType: 'application/msword', extension: 'doc' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  svg: { contentType: 'image/svg+xml', extension: 'svg' },
};

/** How many leading bytes `sniffBinary` needs; a DOCX names its parts near the start of the zip. */
export const SNIFF_BYTES = 64 * 1024;

function startsWith(head: Buffer, bytes: number[], offset = 0): boolean {
  return head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);
}

/** The binary kinds, by their magic bytes. */
export function sniffBinary(head: Buffer): Exclude<FileKind, 'svg'> | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (
    head.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    head.subarray(0, 6).toString('latin1') === 'GIF89a'
  )
    return 'gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // OLE2 compound file: the container of Word 97–2003 documents.
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const names = head.toString('latin1');
    if (names.includes('[Content_Types].xml') && names.includes('word/')) return 'docx';
  }
  return null;
}

/** Could this be an XML text? Then it has to be read whole to be judged as SVG. */
export function mightBeXml(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<');
}

const parser = new XMLParser({ ignoreAttributes: true, ignoreDeclaration: true, ignorePiTags: true });

/** An SVG is a well-formed XML document whose one root element is `<svg>`. */
export function isSvg(content: Buffer): boolean {
  if (content.includes(0)) return false;
  const text = content.toString('utf8').replace(/^\uFEFF/, '');
  if (XMLValidator.validate(text) !== true) return false;
  try {
    const roots = Object.keys(parser.parse(text) as Record<string, unknown>).filter(
      (name) => name !== '#text',
    );
    return roots.length === 1 && (roots[0] === 'svg' || roots[0]?.endsWith(':svg') === true);
  } catch {
    return false;
  }
}
