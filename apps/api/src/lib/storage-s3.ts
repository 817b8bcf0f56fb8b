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
import { assertStorageKey, type Bucket, type FileInfo, readAll, type Storage } from './storage';

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string | null;
  accessKeyId?: string | null;
  secretAccessKey?: string | null;
  forcePathStyle?: boolean;
  /** The longest a call waits for its connection to open (S3_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /** The longest a call waits for the storage server's next bytes (S3_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
};

/** How often a call is tried before it fails: a hung server holds a request this many limits long. */
const ATTEMPTS = 2;

/** Failures of the connection rather than answers of the server. */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ETIMEDOUT',
]);

/**
 * The storage server could not be reached, or did not answer within the time limits, after
 * every attempt. A request that meets it is answered as any unexpected failure (500). The SDK's
 * error is kept as `failure`, not as `cause`: its network code (ECONNREFUSED) in the cause chain
 * would read as the database being out of reach.
 */
export class StorageUnavailableError extends Error {
  readonly failure: unknown;

  constructor(options: S3Options, failure: unknown) {
    const reason = (failure as { code?: string }).code ?? (failure as Error).name;
    super(
      `the storage did not answer in time (bucket ${options.bucket}: ${reason}; ${ATTEMPTS} attempts of ` +
        `at most ${options.connectTimeoutMs} ms to connect and ${options.requestTimeoutMs} ms between bytes)`,
    );
    this.name = 'StorageUnavailableError';
    this.failure = failure;
  }
}

function isUnanswered(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  return error.name === 'TimeoutError' || (code !== undefined && CONNECTION_ERRORS.has(code));
}

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
 * sits in memory whole, and an upload that fails midway is aborted and leaves no object. A call
 * that gets no connection, or no bytes for `requestTimeoutMs`, is tried once more and then fails
 * with StorageUnavailableError.
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
    // Without limits a storage server that accepts a connection and never answers holds the
    // request, and the visitor behind it, for ever.
    requestHandler: { connectionTimeout: options.connectTimeoutMs, socketTimeout: options.requestTimeoutMs },
    maxAttempts: ATTEMPTS,
  });
  /** `work`, with a storage that does not answer reported as StorageUnavailableError. */
  const answered = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      throw isUnanswered(error) ? new StorageUnavailableError(options, error) : error;
    }
  };
  const objectKey = (bucket: Bucket, key: string) => {
    assertStorageKey(key);
    return `${bucket}/${key}`;
  };
  const stat = async (bucket: Bucket, key: string): Promise<FileInfo | null> => {
    try {
      const head = await answered(
        client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) })),
      );
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  const open = async (bucket: Bucket, key: string) => {
    try {
      const object = await answered(
        client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) })),
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
      await answered(upload.done());
      const stored = await stat(bucket, key);
      return { size: stored?.size ?? size, contentType: putOptions.contentType ?? null };
    },
    async get(bucket, key) {
      const file = await open(bucket, key);
      if (!file) return null;
      return answered(readAll(file.body));
    },
    createReadStream: open,
    stat,
    async exists(bucket, key) {
      return (await stat(bucket, key)) !== null;
    },
    async delete(bucket, key) {
      await answered(
        client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) })),
      );
    },
  };
}
