// The media module's front door: the media context of a server instance and whether an address is a
// web address.
export { type MediaContext, mediaOf } from './media-context.ts';
export { isWebUrl } from './media.service.ts';
