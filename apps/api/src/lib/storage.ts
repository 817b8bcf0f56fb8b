import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Public media is served to anyone; private files only after an authorisation check. */
export type Bucket = 'public' | 'private';

export type Storage = {
  put(bucket: Bucket, key: string, data: Buffer): Promise<void>;
  get(bucket: Bucket, key: string): Promise<Buffer | null>;
  exists(bucket: Bucket, key: string): Promise<boolean>;
};

/** Keys are relative paths of safe segments: nothing a caller passes can climb out of the folder. */
const keyShape = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 200 && keyShape.test(key) && !key.includes('..');
}

/** Files on the local disk, under `<root>/public` and `<root>/private`. */
export function diskStorage(root: string): Storage {
  const file = (bucket: Bucket, key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, bucket, ...key.split('/'));
  };
  return {
    async put(bucket, key, data) {
      const target = file(bucket, key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
    },
    async get(bucket, key) {
      try {
        return await readFile(file(bucket, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async exists(bucket, key) {
      try {
        return (await stat(file(bucket, key))).isFile();
      } catch {
        return false;
      }
    },
  };
}

/** In memory, for tests. */
export function memoryStorage(): Storage {
  const files = new Map<string, Buffer>();
  return {
    async put(bucket, key, data) {
      if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
      files.set(`${bucket}:${key}`, data);
    },
    async get(bucket, key) {
      return files.get(`${bucket}:${key}`) ?? null;
    },
    async exists(bucket, key) {
      return files.has(`${bucket}:${key}`);
    },
  };
}
