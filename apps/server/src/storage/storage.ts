import path from 'node:path';
import type { Deps } from '../platform/deps.ts';
import { LocalStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { S3Storage } from './s3-storage.ts';

const stores = new WeakMap<Deps, ObjectStorage>();

/**
 * The object storage of a server instance: the embedded store under DATA_DIR/files, or with
 * `STORAGE=s3` an S3-compatible bucket shared by every instance (docs/files-and-media.md).
 */
export function storageOf(deps: Deps): ObjectStorage {
  let s = stores.get(deps);
  if (!s) {
    s =
      deps.config.storage === 's3'
        ? new S3Storage(deps.config.s3)
        : new LocalStorage(path.join(deps.config.dataDir, 'files'));
    stores.set(deps, s);
  }
  return s;
}

/** Uses a given store for these deps (tests). */
export function useStorage(deps: Deps, storage: ObjectStorage): void {
  stores.set(deps, storage);
}
