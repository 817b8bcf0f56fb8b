import { constants, crc32, deflateRawSync } from 'node:zlib';
import { compressedOnce, GZIP_LEVEL, type OneOffEncoding } from './accept-encoding';

/**
 * A server-rendered page cached to serve again, each time under another response's CSP nonce.
 *
 * The page is cached as UTF-8 bytes with the places its nonce was written: a copy for a visitor is
 * one copy of the bytes with the new nonce written over the old. Not a string with the nonce
 * replaced: a page with a single character beyond Latin-1 is a two-byte string, which would be
 * measured and encoded anew for every response.
 */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  nonce: string;
  /** Byte offsets of every occurrence of `nonce` in `body`. */
  nonceAt: number[];
  /** The page gzipped around its nonces, made when a visitor first accepts gzip. */
  gzip?: GzipTemplate;
};

/**
 * A gzip member of the page in which every nonce is a stored (uncompressed) deflate block:
 * a copy for a visitor is the member with the new nonce written over the old and the checksum
 * of the new text in the trailer. The text between two nonces is compressed on its own (or,
 * when short, stored too), so no compressed part refers back to a nonce's bytes.
 */
type GzipTemplate = {
  member: Buffer;
  nonceAt: number[];
  /** The checksum of the page as rendered, and of its own nonce. */
  crc: number;
  nonceCrc: number;
  /** What a change of the nonce's bytes does to the page's checksum (`crc32WithNonce`). */
  nonceShift: Uint32Array;
};

export function cachePage(
  body: Buffer,
  nonce: string,
  status: number,
  headers: [string, string][],
): CachedPage {
  const needle = Buffer.from(nonce, 'latin1');
  const nonceAt: number[] = [];
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) {
    nonceAt.push(at);
  }
  return { status, headers, body, nonce, nonceAt };
}

function checkNonce(page: CachedPage, nonce: string) {
  if (nonce.length !== page.nonce.length || Buffer.byteLength(nonce) !== nonce.length) {
    throw new Error('a cached page takes an ASCII nonce as long as its own');
  }
}

/**
 * The cached page's bytes under `nonce`. Throws when `nonce` is not as long as the cached one or is
 * not ASCII: every nonce is 16 random bytes in base64 (plugins/security-headers.ts), and a
 * different length would shift the page.
 */
export function pageWithNonce(page: CachedPage, nonce: string): Buffer {
  checkNonce(page, nonce);
  return copyWithNonce(page.body, page.nonceAt, nonce);
}

/** A copy of `bytes` with `nonce` written at each of the offsets. */
function copyWithNonce(bytes: Buffer, offsets: number[], nonce: string): Buffer {
  const copy = Buffer.allocUnsafe(bytes.length);
  bytes.copy(copy);
  for (const at of offsets) copy.write(nonce, at, 'latin1');
  return copy;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/**
 * Text between two nonces shorter than this is stored rather than compressed. A page's head and
 * end hold a dozen nonces a few dozen bytes apart (its preloads and inline scripts), and each
 * compressed run starts a compressor of its own, whose set-up costs more than compressing such a
 * run saves. Storing the short runs leaves a few long ones to compress, for a slightly larger file.
 */
const STORE_BELOW = 2048;
/** A stored deflate block's header for `length` bytes, written at a byte boundary. */
function storedBlockHeader(length: number, final: boolean): Buffer {
  const header = Buffer.alloc(5);
  header[0] = final ? 1 : 0;
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(~length & 0xffff, 3);
  return header;
}

function gzipTemplate(page: CachedPage): GzipTemplate {
  const parts: Buffer[] = [GZIP_HEADER];
  let size = GZIP_HEADER.length;
  const push = (part: Buffer) => {
    parts.push(part);
    size += part.length;
  };
  const nonceAt: number[] = [];
  let from = 0;
  for (const at of [...page.nonceAt, page.body.length]) {
    const last = at === page.body.length;
    const text = page.body.subarray(from, at);
    if (text.length < STORE_BELOW) {
      push(storedBlockHeader(text.length, last));
      push(text);
    } else {
      // A full flush ends the text's blocks on a byte boundary without ending the stream, so no
      // compressed part refers back to a nonce's bytes; the last part ends it. The level is paid
      // each time a page is cached (again whenever its cache time runs out while it is asked for,
      // and for every list address asked once), so it is the quick one (`GZIP_LEVEL`): a higher
      // level takes longer for a page only a little smaller.
      push(
        deflateRawSync(text, {
          level: GZIP_LEVEL,
          finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH,
        }),
      );
    }
    if (last) break;
    push(storedBlockHeader(page.nonce.length, false));
    nonceAt.push(size);
    push(page.body.subarray(at, at + page.nonce.length));
    from = at + page.nonce.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(page.body.length % 2 ** 32, 4);
  parts.push(trailer);
  return {
    member: Buffer.concat(parts),
    nonceAt,
    crc: crc32(page.body),
    nonceCrc: crc32(page.nonce),
    nonceShift: shiftsAfter(page.nonceAt.map((at) => page.body.length - at - page.nonce.length)),
  };
}

/*
 * The gzip trailer's CRC-32 of a page under a new nonce, without reading the whole page again for
 * every response, which would be much of the work of serving a cached page. CRC-32 is linear over
 * GF(2): two texts of one length that differ in some bytes have checksums that differ by the
 * checksum of the difference, moved along by the bytes that follow it. So the page's checksum under a new
 * nonce is its checksum as rendered, changed by `crc32(new) ^ crc32(old)` moved along by the
 * bytes after each place of the nonce: one 32×32 bit matrix per page (`shiftsAfter`), made once.
 */

/** A 32×32 matrix over GF(2) as its 32 columns, applied to `vector`. */
function times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let bit = 0; vector !== 0; bit++, vector >>>= 1) if (vector & 1) sum ^= matrix[bit] as number;
  return sum >>> 0;
}

function squared(matrix: Uint32Array): Uint32Array {
  return matrix.map((column) => times(matrix, column));
}

/** What one zero byte after a text does to its CRC-32 register, then two, four, … (2^k bytes). */
const BYTE_POWERS: Uint32Array[] = (() => {
  // One zero bit: the register shifts right, and takes the reflected polynomial when bit 0 was set.
  let power: Uint32Array = Uint32Array.from({ length: 32 }, (_, bit) =>
    bit === 0 ? 0xedb88320 : 2 ** (bit - 1),
  );
  for (let doubling = 0; doubling < 3; doubling++) power = squared(power);
  const powers: Uint32Array[] = [power];
  for (let k = 1; k < 32; k++) powers.push(squared(powers[k - 1] as Uint32Array));
  return powers;
})();

/** `vector` moved along by `bytes` zero bytes. */
function shifted(vector: number, bytes: number): number {
  let moved = vector;
  for (let k = 0; bytes > 0; k++, bytes = Math.floor(bytes / 2)) {
    if (bytes % 2 === 1) moved = times(BYTE_POWERS[k] as Uint32Array, moved);
  }
  return moved;
}

/** The sum of the moves by each of `followers` bytes, as one matrix. */
function shiftsAfter(followers: number[]): Uint32Array {
  return Uint32Array.from({ length: 32 }, (_, bit) =>
    followers.reduce((sum, bytes) => (sum ^ shifted(2 ** bit, bytes)) >>> 0, 0),
  );
}

/** The checksum of the cached page's text under `nonce`. */
function crc32WithNonce(template: GzipTemplate, nonce: string): number {
  return (template.crc ^ times(template.nonceShift, (crc32(nonce) ^ template.nonceCrc) >>> 0)) >>> 0;
}

/** The page as it was rendered, under the nonce it was rendered with, compressed for one response. */
export function compressedPage(page: CachedPage, encoding: OneOffEncoding): Buffer {
  return compressedOnce(page.body, encoding);
}

/** The cached page under `nonce`, gzipped. Throws as `pageWithNonce` does. */
export function gzippedPageWithNonce(page: CachedPage, nonce: string): Buffer {
  checkNonce(page, nonce);
  page.gzip ??= gzipTemplate(page);
  const { member, nonceAt } = page.gzip;
  const copy = copyWithNonce(member, nonceAt, nonce);
  copy.writeUInt32LE(crc32WithNonce(page.gzip, nonce), member.length - 8);
  return copy;
}
