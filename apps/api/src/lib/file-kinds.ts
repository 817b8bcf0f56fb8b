import { fileTypeFromBuffer } from 'file-type';
import { inWorker } from './worker-task';

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

/**
 * How many leading bytes `sniffBinary` is given: enough for a DOCX, whose kind is read from the
 * part list at the front of its zip.
 */
export const SNIFF_BYTES = 64 * 1024;

/**
 * What file-type calls the binary kinds we take. An APNG is a PNG to every reader of PNGs. Any
 * OLE2 compound file is `cfb` to file-type, which cannot tell a Word 97–2003 document from other
 * Office files in that container; all of them are taken as `doc`, as documents are only ever
 * sent as downloads. A macro-enabled Word file (`docm`) is not a `docx`.
 */
const kindOfDetected = new Map<string, Exclude<FileKind, 'svg'>>([
  ['jpg', 'jpeg'],
  ['png', 'png'],
  ['apng', 'png'],
  ['gif', 'gif'],
  ['webp', 'webp'],
  ['pdf', 'pdf'],
  ['cfb', 'doc'],
  ['docx', 'docx'],
]);

/**
 * The binary kind of a file from its first bytes (up to `SNIFF_BYTES`), as file-type recognises
 * it, or null for anything else, including what file-type cannot read.
 */
export async function sniffBinary(head: Buffer): Promise<Exclude<FileKind, 'svg'> | null> {
  try {
    const detected = await fileTypeFromBuffer(head);
    return (detected && kindOfDetected.get(detected.ext)) ?? null;
  } catch {
    return null;
  }
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

/** How long telling whether one file is an SVG may take, its worker's start included. */
export const SVG_CHECK_TIME_LIMIT_MS = 10_000;

/**
 * Whether the file is an SVG: a well-formed XML document whose one root element is `<svg>`. The
 * text is parsed in a worker thread (svg-check.worker.ts); a file that takes longer than the time
 * limit, or too much memory, is not taken as one.
 */
export async function isSvg(content: Buffer, timeLimitMs = SVG_CHECK_TIME_LIMIT_MS): Promise<boolean> {
  if (content.includes(0)) return false;
  const answer = await inWorker<string, boolean>(
    'svg-check.worker',
    content.toString('utf8').replace(/^\uFEFF/, ''),
    { timeLimitMs, heapMb: 512 },
  );
  return answer === true;
}
