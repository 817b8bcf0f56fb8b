import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from './owner-only';

/** Public media is served to anyone; private files only after an authorisation check. */
export type Bucket = 'public' | 'private';

export type PutOptions = { contentType?: string };

/** What is known about a stored file. */
export type FileInfo = { size: number; contentType: string | null };

/** A stored file being read: its bytes as a stream, with its size and content type. */
export type StoredFile = FileInfo & { body: Readable };

export type Storage = {
  /**
   * Stores a whole buffer or a stream. A stream that fails midway (a client that hangs up, an
   * upload over its limit) leaves nothing behind, and an earlier file under the key stays.
   */
  put(bucket: Bucket, key: string, data: Buffer | Readable, options?: PutOptions): Promise<FileInfo>;
  /** The whole file in memory, or null; for small files only. */
  get(bucket: Bucket, key: string): Promise<Buffer | null>;
  /** The file as a stream, or null when there is none. */
  createReadStream(bucket: Bucket, key: string): Promise<StoredFile | null>;
  stat(bucket: Bucket, key: string): Promise<FileInfo | null>;
  exists(bucket: Bucket, key: string): Promise<boolean>;
  /** Removes the file; removing one that is not there is no error. */
  delete(bucket: Bucket, key: string): Promise<void>;
};

/** Keys are relative paths of safe segments: nothing a caller passes can climb out of the folder. */
const keyShape = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 200 && keyShape.test(key) && !key.includes('..');
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** A stream that yields one buffer, so both kinds of input take the same path. */
export function toStream(data: Buffer | Readable): Readable {
  return Buffer.isBuffer(data) ? Readable.from([data]) : data;
}

/**
 * Files on the local disk, under `<root>/public` and `<root>/private`; the content type a file
 * was stored with is kept beside the tree, under `<root>/.types`. A stream is written to a
 * temporary file first and renamed into place only when it has arrived whole. Folders and files
 * are made the owner's alone whatever the umask: identity documents are among them.
 */
export function diskStorage(root: string): Storage {
  const file = (bucket: Bucket, key: string) => {
    assertStorageKey(key);
    return path.join(root, bucket, ...key.split('/'));
  };
  const typeFile = (bucket: Bucket, key: string) => path.join(root, '.types', bucket, ...key.split('/'));
  const readType = async (bucket: Bucket, key: string) => {
    try {
      return (await readFile(typeFile(bucket, key), 'utf8')) || null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  const info = async (bucket: Bucket, key: string): Promise<FileInfo | null> => {
    try {
      const stats = await stat(file(bucket, key));
      if (!stats.isFile()) return null;
      return { size: stats.size, contentType: await readType(bucket, key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    async put(bucket, key, data, options = {}) {
      const target = file(bucket, key);
      const source = toStream(data);
      // A stream that fails while its folder is made (a client that hung up) keeps its error for
      // the pipeline below, which rejects with it: without a listener meanwhile, it would escape.
      source.on('error', () => {});
      try {
        await mkdir(path.dirname(target), { recursive: true, mode: OWNER_ONLY_FOLDER });
      } catch (error) {
        // Nothing will read the stream: let its sender go rather than leave it waiting.
        source.destroy();
        throw error;
      }
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await pipeline(source, createWriteStream(partial, { mode: OWNER_ONLY_FILE }));
        const types = typeFile(bucket, key);
        if (options.contentType) {
          await mkdir(path.dirname(types), { recursive: true, mode: OWNER_ONLY_FOLDER });
          await writeFile(types, options.contentType, { mode: OWNER_ONLY_FILE });
        } else {
          await unlink(types).catch(() => undefined);
        }
        await rename(partial, target);
      } catch (error) {
        await unlink(partial).catch(() => undefined);
        throw error;
      }
      return { size: (await stat(target)).size, contentType: options.contentType ?? null };
    },
    async get(bucket, key) {
      try {
        return await readFile(file(bucket, key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async createReadStream(bucket, key) {
      const found = await info(bucket, key);
      if (!found) return null;
      return { ...found, body: createReadStream(file(bucket, key)) };
    },
    stat: info,
    async exists(bucket, key) {
      return (await info(bucket, key)) !== null;
    },
    async delete(bucket, key) {
      await unlink(file(bucket, key)).catch((error) => {
        if (!isMissing(error)) throw error;
      });
      await unlink(typeFile(bucket, key)).catch(() => undefined);
    },
  };
}

/** Reads a whole stream into one buffer. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** In memory, for tests. */
export function memoryStorage(): Storage {
  const files = new Map<string, { data: Buffer; contentType: string | null }>();
  const id = (bucket: Bucket, key: string) => {
    assertStorageKey(key);
    return `${bucket}:${key}`;
  };
  const info = (bucket: Bucket, key: string): FileInfo | null => {
    const found = files.get(id(bucket, key));
    return found ? { size: found.data.length, contentType: found.contentType } : null;
  };
  return {
    async put(bucket, key, data, options = {}) {
      const name = id(bucket, key);
      const bytes = Buffer.isBuffer(data) ? Buffer.from(data) : await readAll(data);
      files.set(name, { data: bytes, contentType: options.contentType ?? null });
      return { size: bytes.length, contentType: options.contentType ?? null };
    },
    async get(bucket, key) {
      return files.get(id(bucket, key))?.data ?? null;
    },
    async createReadStream(bucket, key) {
      const found = files.get(id(bucket, key));
      if (!found) return null;
      return { size: found.data.length, contentType: found.contentType, body: Readable.from([found.data]) };
    },
    async stat(bucket, key) {
      return info(bucket, key);
    },
    async exists(bucket, key) {
      return info(bucket, key) !== null;
    },
    async delete(bucket, key) {
      files.delete(id(bucket, key));
    },
  };
}
