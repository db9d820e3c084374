import type { ConversationItem, EmoticonItem, RichSendResult } from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';
import { newSendingId } from '../conversations/store/sendingId.ts';

/** The peer fields of a rich send. */
function peer(conv: ConversationItem) {
  return { workWxid: conv.workWxid, receiver_id: conv.receiver_id, talkType: conv.talkType };
}

/** A file to send: its stored address and name. */
export interface SendFile {
  fileUrl: string;
  fileName: string;
  /** The upload bubble's id, so the sent message takes its place. */
  sendingUUid?: string;
}

/** Rich sends and stickers (API.md Files and Other). */
export const mediaApi = {
  sendFiles: (conv: ConversationItem, msgType: 2 | 3 | 5 | 6, files: SendFile[]) =>
    mainApi.post<RichSendResult>('/main-api/conv/send-file', {
      ...peer(conv),
      sendingUUid: newSendingId(),
      msgType,
      files,
    }),
  sendEmoticon: (conv: ConversationItem, emoticonId: string) =>
    mainApi.post<unknown>('/api/v1/talk/message/emoticon', {
      ...peer(conv),
      sendingUUid: newSendingId(),
      emoticonId,
    }),
  systemEmoticons: () => mainApi.get<{ list: EmoticonItem[] }>('/api/v1/emoticon/system'),
  userEmoticons: () =>
    mainApi.post<{ list: EmoticonItem[] }>('/api/v1/emoticon/user-emoticons', {}),
  /** Silent: the panel shows SPEC's own failure text. */
  uploadEmoticon: (file: File) => {
    const form = new FormData();
    form.set('emoticon', file, file.name);
    return mainApi.post<EmoticonItem>('/api/v1/emoticon/upload-emoticon', form, { silent: true });
  },
};
