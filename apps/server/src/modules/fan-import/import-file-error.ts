import type { MessageKey } from '@cst/shared';

/** A file that cannot be imported as a whole: the message key (SPEC §8 import errors) says why. */
export class ImportFileError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
  ) {
    super(key);
    this.name = 'ImportFileError';
  }
}
