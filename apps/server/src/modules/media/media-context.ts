import type { Deps, Uses } from '../../platform/deps.ts';
import { filesOf, type FilesService } from '../files/index.ts';
import { MediaService } from './media.service.ts';
import { Outbox } from '../conversations/index.ts';

/** The services rich messages are built from, one set per server instance. */
export interface MediaContext {
  files: FilesService;
  outbox: Outbox;
  media: MediaService;
}

const contexts = new WeakMap<Deps, MediaContext>();

/** The media services of a server instance. */
export function mediaOf(deps: Uses<'realtime' | 'runtime' | 'storage'>): MediaContext {
  let c = contexts.get(deps);
  if (!c) {
    const files = filesOf(deps);
    const outbox = new Outbox(deps);
    c = { files, outbox, media: new MediaService(deps, outbox, files) };
    contexts.set(deps, c);
  }
  return c;
}
