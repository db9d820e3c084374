import type { Uses } from '../../platform/deps.ts';
import { type FilesService } from '../files/index.ts';
import { MediaService } from './media.service.ts';
import { Outbox } from '../conversations/index.ts';

/** The services rich messages are built from, one set per server instance. */
export interface MediaContext {
  files: FilesService;
  outbox: Outbox;
  media: MediaService;
}

declare module '../../platform/deps.ts' {
  interface Services {
    /** The media services of a server instance. */
    media: MediaContext;
  }
}

/** Builds the media services of a server instance (once, modules/services.ts). */
export function mediaContext(
  deps: Uses<'files' | 'realtime' | 'runtime' | 'storage'>,
): MediaContext {
  const files = deps.files;
  const outbox = new Outbox(deps);
  return { files, outbox, media: new MediaService(deps, outbox, files) };
}
