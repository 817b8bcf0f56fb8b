import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, type Bucket, type FileInfo, type Storage } from './storage';

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string | null;
  accessKeyId?: string | null;
  secretAccessKey?: string | null;
  forcePathStyle?: boolean;
};

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files in one S3 bucket (or an S3-compatible server), the public and private areas being the
 * key prefixes `public/` and `private/`. Streams are uploaded in parts, so a large upload never
 * sits in memory whole, and an upload that fails midway is aborted and leaves no object.
 */
export function s3Storage(options: S3Options): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint ?? undefined,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: many S3-compatible servers do not accept the
    // newer trailing-checksum uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (bucket: Bucket, key: string) => {
    assertStorageKey(key);
    return `${bucket}/${key}`;
  };
  const stat = async (bucket: Bucket, key: string): Promise<FileInfo | null> => {
    try {
      const head = await client.send(
        new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }),
      );
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  const open = async (bucket: Bucket, key: string) => {
    try {
      const object = await client.send(
        new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }),
      );
      return {
        size: object.ContentLength ?? 0,
        contentType: object.ContentType ?? null,
        body: object.Body as Readable,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    async put(bucket, key, data, putOptions = {}) {
      const contentType = putOptions.contentType ?? 'application/octet-stream';
      const upload = new Upload({
        client,
        params: { Bucket: options.bucket, Key: objectKey(bucket, key), Body: data, ContentType: contentType },
        leavePartsOnError: false,
      });
      let size = Buffer.isBuffer(data) ? data.length : 0;
      upload.on('httpUploadProgress', (progress) => {
        if (progress.loaded !== undefined) size = Math.max(size, progress.loaded);
      });
      await upload.done();
      const stored = await stat(bucket, key);
      return { size: stored?.size ?? size, contentType: putOptions.contentType ?? null };
    },
    async get(bucket, key) {
      const file = await open(bucket, key);
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks);
    },
    createReadStream: open,
    stat,
    async exists(bucket, key) {
      return (await stat(bucket, key)) !== null;
    },
    async delete(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
    },
  };
}
