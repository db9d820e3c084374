import { MATERIAL_TYPE, MSG_TYPE_OF_MATERIAL, ossUrl, type MaterialType } from '@cst/shared';
import type { Draft } from '../media/outbox.service.ts';
import type { MaterialRow } from './material.repository.ts';

/**
 * An item of the library as message content: the draft the outbox sends (text, picture, video,
 * voice, document, shared link or mini-program). Features that send material (the composer,
 * moments, greetings, mass sends) build their message from this.
 */
export function materialDraft(item: MaterialRow, sendingUuid: string | null): Draft {
  const msgType = MSG_TYPE_OF_MATERIAL[item.type as MaterialType];
  switch (item.type) {
    case MATERIAL_TYPE.text:
      return { msgType, content: item.content, sendingUuid };
    case MATERIAL_TYPE.link:
    case MATERIAL_TYPE.miniProgram:
      return {
        msgType,
        content: JSON.stringify({ title: item.title, ...(item.card ?? {}) }),
        sendingUuid,
      };
    default: {
      const media: NonNullable<Draft['media']> = {};
      if (item.width !== null) media.width = item.width;
      if (item.height !== null) media.height = item.height;
      if (item.durationMs !== null) media.durationMs = item.durationMs;
      const fileName = item.fileName ?? item.title;
      return {
        msgType,
        content: fileName,
        sendingUuid,
        fileUrl: item.fileKey ? ossUrl(item.fileKey) : null,
        fileName,
        fileLen: item.size,
        fileMime: item.mime,
        media,
        jpegThumbnail: item.thumbKey ? ossUrl(item.thumbKey) : null,
      };
    }
  }
}
