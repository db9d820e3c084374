import path from 'node:path';
import type { Deps } from '../platform/deps.ts';
import { LocalStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';

const stores = new WeakMap<Deps, ObjectStorage>();

/**
 * The object storage of a server instance: the embedded store under DATA_DIR/files. `STORAGE=s3`
 * is the documented scale-out option (docs/files-and-media.md) and refuses to start until built.
 */
export function storageOf(deps: Deps): ObjectStorage {
  let s = stores.get(deps);
  if (!s) {
    if (deps.config.storage !== 'local') {
      throw new Error('STORAGE=s3 is not available in this build; see docs/files-and-media.md');
    }
    s = new LocalStorage(path.join(deps.config.dataDir, 'files'));
    stores.set(deps, s);
  }
  return s;
}

/** Uses a given store for these deps (tests). */
export function useStorage(deps: Deps, storage: ObjectStorage): void {
  stores.set(deps, storage);
}
