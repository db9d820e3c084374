import { CHAT_FILE_DOWNLOAD_PATH, isMediaMsgType, MSG_TYPE } from '@cst/shared';

/** What addressing reads of a stored message. */
export interface MediaFields {
  id: number;
  msgType: number;
  revoked: boolean;
  sendSide: number;
  fileUrl: string | null;
  fileCdnUrl: string | null;
  fileId: string | null;
  jpegThumbnail: string | null;
}

/** The addresses of a message's file as the SPA receives them. */
export interface MediaAddresses {
  fileUrl: string | null;
  fileCdnUrl: string | null;
  jpegThumbnail: string | null;
}

/**
 * Media addressing (SPEC §4, §9): `fileUrl` is the permanent address — the console's own stored
 * file for what the operator sent, else the download route that caches the platform's file on
 * first use; `fileCdnUrl` is the platform's (CDN) address of a received file, which the SPA uses
 * while the message is under 4 hours old; `jpegThumbnail` the 100×100 thumbnail of a picture or
 * sticker. The browser reaches them with the file cookie (docs/files-and-media.md).
 */
export function mediaAddressesOf(row: MediaFields): MediaAddresses {
  const stored = {
    fileUrl: row.fileUrl,
    fileCdnUrl: row.fileCdnUrl,
    jpegThumbnail: row.jpegThumbnail,
  };
  if (!isMediaMsgType(row.msgType) || row.revoked) return stored;
  const download = `${CHAT_FILE_DOWNLOAD_PATH}?cr_id=${row.id}`;
  const own = row.fileUrl;
  const platform = !own && Boolean(row.fileId);
  const picture = row.msgType === MSG_TYPE.image || row.msgType === MSG_TYPE.emoticon;
  return {
    fileUrl: own ?? (platform ? download : null),
    fileCdnUrl:
      row.fileCdnUrl ?? (platform && row.sendSide === 2 ? `${download}&source=cdn` : null),
    jpegThumbnail:
      row.jpegThumbnail ?? (picture && (own || platform) ? `${download}&thumb=1` : null),
  };
}
