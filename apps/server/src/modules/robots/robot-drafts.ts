import { CHAT_FILE_MAX_BYTES, CHAT_VIDEO_MAX_BYTES, MSG_TYPE, ossUrl } from '@cst/shared';
import type { RobotDraft } from './robots.repository.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import type { ContentMessage } from '../material/index.ts';
import { keyOfUrl, tenantOfKey } from '../files/index.ts';
import { isWebUrl } from '../media/index.ts';

const FILE_TYPES = {
  image: { msgType: MSG_TYPE.image, kind: 'image' },
  file: { msgType: MSG_TYPE.document, kind: null },
  video: { msgType: MSG_TYPE.video, kind: 'video' },
} as const;

/** The longest text of a robot message (the contract's bound). */
export const MAX_ROBOT_TEXT = 2000;

/** Whether a picture address is an http(s) address or one of the tenant's files. */
function okPicture(url: string, tenantId: string): boolean {
  const key = keyOfUrl(url);
  return key ? tenantOfKey(key) === tenantId : isWebUrl(url);
}

/**
 * Turns the messages of a rule or greeting into what the outbox stores, checked as the composer
 * checks them (the tenant's own uploaded files, sizes, web links), once at save time.
 */
export async function draftsOf(
  deps: Uses<'media' | 'realtime' | 'runtime' | 'storage'>,
  tenantId: string,
  list: ContentMessage[],
): Promise<RobotDraft[]> {
  const out: RobotDraft[] = [];
  for (const m of list) {
    switch (m.kind) {
      case 'text':
        out.push({ msgType: MSG_TYPE.text, content: m.content });
        break;
      case 'image':
      case 'file':
      case 'video': {
        const t = FILE_TYPES[m.kind];
        const file = await deps.media.files.fileOfUrl(tenantId, m.fileUrl);
        if (!file || file.source === 'media') throw fail.invalid('robotFileInvalid');
        if (t.kind && file.kind !== t.kind) throw fail.invalid('fileKindMismatch');
        if (file.size > CHAT_FILE_MAX_BYTES) throw fail.tooLarge('chatFileTooLarge');
        if (m.kind === 'video' && file.size > CHAT_VIDEO_MAX_BYTES) {
          throw fail.tooLarge('chatVideoTooLarge');
        }
        const fileName = (m.fileName || file.key.slice(file.key.lastIndexOf('/') + 1)).slice(
          0,
          255,
        );
        const media: NonNullable<RobotDraft['media']> = {};
        if (file.width !== null) media.width = file.width;
        if (file.height !== null) media.height = file.height;
        out.push({
          msgType: t.msgType,
          content: fileName,
          fileUrl: ossUrl(file.key),
          fileName,
          fileLen: file.size,
          fileMime: file.mime,
          media,
          jpegThumbnail: file.thumbKey ? ossUrl(file.thumbKey) : null,
        });
        break;
      }
      case 'link':
        if (!isWebUrl(m.url)) throw fail.invalid('robotLinkInvalid');
        if (m.thumbUrl && !okPicture(m.thumbUrl, tenantId)) throw fail.invalid('robotLinkInvalid');
        out.push({
          msgType: MSG_TYPE.link,
          content: JSON.stringify({
            title: m.title,
            description: m.description,
            url: m.url,
            ...(m.thumbUrl ? { thumbUrl: m.thumbUrl } : {}),
          }),
        });
        break;
      case 'miniProgram':
        if (m.thumbUrl && !okPicture(m.thumbUrl, tenantId)) throw fail.invalid('robotLinkInvalid');
        out.push({
          msgType: MSG_TYPE.miniProgram,
          content: JSON.stringify({
            title: m.title,
            appId: m.appId,
            appName: m.appName,
            pagePath: m.pagePath,
            ...(m.thumbUrl ? { thumbUrl: m.thumbUrl } : {}),
          }),
        });
        break;
    }
  }
  return out;
}
