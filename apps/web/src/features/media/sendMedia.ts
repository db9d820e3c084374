import {
  CHAT_FILE_MAX_BYTES,
  CHAT_VIDEO_MAX_BYTES,
  MAX_IMAGES_PER_SEND,
  type ConversationItem,
} from '@cst/shared';
import {
  dropUploadBubble,
  putUploadBubble,
  setUploadProgress,
} from '../conversations/store/inboxActions.ts';
import { newSendingId } from '../conversations/store/sendingId.ts';
import { mediaApi, type SendFile } from './api.ts';
import { uploadChatFile, UploadError } from './upload.ts';

/** What the composer sends a group of files as. */
export type SendKind = 'image' | 'document' | 'video';

/** The order a mixed batch goes out in: pictures, then videos, then other files. */
export const SEND_ORDER = ['image', 'video', 'document'] as const satisfies readonly SendKind[];

const MSG_TYPE_OF: Record<SendKind, 2 | 3 | 5> = { image: 2, document: 3, video: 5 };

/** The i18n key of a problem found before uploading, or null when the files may go. */
export function checkFiles(kind: SendKind, files: File[]): string | null {
  if (files.length === 0) return null;
  if (kind === 'image' && files.length > MAX_IMAGES_PER_SEND) return 'msg.tooManyImages';
  if (kind !== 'image' && files.length > MAX_IMAGES_PER_SEND) return 'msg.tooManyFiles';
  if (kind === 'video' && files.some((f) => f.size > CHAT_VIDEO_MAX_BYTES)) {
    return 'msg.chatVideoTooLarge';
  }
  if (files.some((f) => f.size > CHAT_FILE_MAX_BYTES)) return 'msg.chatFileTooLarge';
  return null;
}

/** Splits dropped or pasted files: pictures go as pictures, videos as video, the rest as files. */
export function groupFiles(files: File[]): Record<SendKind, File[]> {
  const out: Record<SendKind, File[]> = { image: [], document: [], video: [] };
  for (const f of files) {
    if (f.type.startsWith('image/')) out.image.push(f);
    else if (f.type.startsWith('video/')) out.video.push(f);
    else out.document.push(f);
  }
  return out;
}

/** Reports of a send: the retry notice and the failure text keys. */
export interface SendReports {
  onRetry: () => void;
  onError: (key: string, detail: string) => void;
}

/** Uploads files one after another and sends them to the conversation in one send-file call. */
export async function sendFiles(
  conv: ConversationItem,
  kind: SendKind,
  files: File[],
  reports: SendReports,
): Promise<boolean> {
  const problem = checkFiles(kind, files);
  if (problem) {
    reports.onError(problem, '');
    return false;
  }
  // Each file shows as a bubble with a progress bar while it uploads (uploadStatus, uploadUid);
  // the sent message, carrying the same sendingUUid, takes the bubble's place.
  const bubbles = files.map((file) => {
    const uuid = newSendingId();
    return { file, uuid, key: putUploadBubble(conv.index_name, uuid, file) };
  });
  const dropAll = () => bubbles.forEach((b) => b.key && dropUploadBubble(b.key));
  const sent: SendFile[] = [];
  for (const { file, uuid, key } of bubbles) {
    try {
      const r = await uploadChatFile(file, conv.workWxid, conv.receiver_id, {
        onRetry: reports.onRetry,
        onProgress: (f) => key && setUploadProgress(key, f),
      });
      sent.push({ fileUrl: r.url, fileName: file.name, sendingUUid: uuid });
    } catch (err) {
      dropAll();
      const e = err instanceof UploadError ? err : new UploadError('uploadFailed');
      reports.onError(
        e.reason === 'tokenError' ? 'media.tokenError' : 'media.uploadFailed',
        e.detail,
      );
      return false;
    }
  }
  if (sent.length === 0) return false;
  try {
    await mediaApi.sendFiles(conv, MSG_TYPE_OF[kind], sent);
  } finally {
    // A refused send leaves no bubble behind (the client showed why); a sent one was replaced.
    dropAll();
  }
  return true;
}
