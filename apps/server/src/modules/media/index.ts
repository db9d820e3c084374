// The media module's front door: the media context of a server instance, whether an address is a
// web address, and whether the platform can send a contact card of a person.
export type { MediaContext } from './media-context.ts';
export { assertCardSendable, isWebUrl } from './media.service.ts';
