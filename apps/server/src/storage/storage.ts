import path from 'node:path';
import type { Config } from '../platform/config.ts';
import { LocalStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { S3Storage } from './s3-storage.ts';

/**
 * The object storage of a server instance: the embedded store under DATA_DIR/files, or with
 * `STORAGE=s3` an S3-compatible bucket shared by every instance (docs/files-and-media.md).
 */
export function openStorage(config: Config): ObjectStorage {
  return config.storage === 's3'
    ? new S3Storage(config.s3)
    : new LocalStorage(path.join(config.dataDir, 'files'));
}

declare module '../platform/deps.ts' {
  interface Services {
    /** The object storage of a server instance (openStorage). */
    storage: ObjectStorage;
  }
}
