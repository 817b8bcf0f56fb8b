import type { Config } from '../config';
import { diskStorage, type Storage } from './storage';
import { s3Storage } from './storage-s3';

/** The storage the configuration names: the S3 bucket when S3_BUCKET is set, else the disk. */
export function openStorage(config: Config): Storage {
  return config.storage.kind === 's3' ? s3Storage(config.storage) : diskStorage(config.storage.dir);
}
