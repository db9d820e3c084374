import type { makeWASocket, UserFacingSocketConfig } from 'baileys';

type FullSocket = ReturnType<typeof makeWASocket>;

/** The part of a Baileys socket the adapter uses (a fake implements just this in tests). */
export type WaSocket = Pick<
  FullSocket,
  | 'ev'
  | 'user'
  | 'sendMessage'
  | 'sendPresenceUpdate'
  | 'readMessages'
  | 'groupFetchAllParticipating'
  | 'groupCreate'
  | 'groupParticipantsUpdate'
  | 'groupUpdateSubject'
  | 'groupUpdateDescription'
  | 'groupLeave'
  | 'onWhatsApp'
  | 'addOrEditContact'
  | 'fetchBlocklist'
  | 'updateProfileName'
  | 'updateProfilePicture'
  | 'updateBlockStatus'
  | 'updateMediaMessage'
  | 'requestPairingCode'
  | 'query'
  | 'logout'
  | 'end'
>;

/** Makes a socket; production passes Baileys' `makeWASocket`. */
export type SocketFactory = (config: UserFacingSocketConfig) => WaSocket;
