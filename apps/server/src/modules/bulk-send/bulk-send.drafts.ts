import { CHAT_FILE_MAX_BYTES, CHAT_VIDEO_MAX_BYTES, MSG_TYPE, ossUrl } from '@cst/shared';
import type { BulkDraft } from './bulk-send.repository.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { FilesService, keyOfUrl, tenantOfKey } from '../files/index.ts';
import type { ContentMessage } from '../material/index.ts';
import { isWebUrl } from '../media/index.ts';

/** Whether a picture address is acceptable: http(s), or one of the tenant's files. */
function okPictureUrl(url: string, tenantId: string): boolean {
  const key = keyOfUrl(url);
  if (key) return tenantOfKey(key) === tenantId;
  return isWebUrl(url);
}

const MEDIA_TYPE = { image: MSG_TYPE.image, file: MSG_TYPE.document, video: MSG_TYPE.video };

/**
 * Turns a task's messages into what its outbox rows are made of, checked as the console's own
 * sends are: a file must be one of the tenant's uploads of the right kind and size, a link an
 * http(s) address. 400 otherwise.
 */
export async function draftsOf(
  deps: Uses<'storage'>,
  tenantId: string,
  inputs: ContentMessage[],
): Promise<BulkDraft[]> {
  const files = new FilesService(deps);
  const out: BulkDraft[] = [];
  for (const m of inputs) {
    switch (m.kind) {
      case 'text':
        out.push({ kind: 'text', msgType: MSG_TYPE.text, content: m.content });
        break;
      case 'image':
      case 'file':
      case 'video': {
        const file = await files.fileOfUrl(tenantId, m.fileUrl);
        if (!file || file.source === 'media') throw fail.invalid('fileUrlInvalid');
        if (m.kind !== 'file' && file.kind !== m.kind) throw fail.invalid('fileKindMismatch');
        if (file.size > CHAT_FILE_MAX_BYTES) throw fail.tooLarge('chatFileTooLarge');
        if (m.kind === 'video' && file.size > CHAT_VIDEO_MAX_BYTES) {
          throw fail.tooLarge('chatVideoTooLarge');
        }
        const fileName = (m.fileName || file.key.slice(file.key.lastIndexOf('/') + 1)).slice(
          0,
          255,
        );
        const media: BulkDraft['media'] = {};
        if (file.width !== null) media.width = file.width;
        if (file.height !== null) media.height = file.height;
        out.push({
          kind: m.kind,
          msgType: MEDIA_TYPE[m.kind],
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
        if (!isWebUrl(m.url)) throw fail.invalid('linkUrlInvalid');
        if (m.thumbUrl && !okPictureUrl(m.thumbUrl, tenantId)) throw fail.invalid('linkUrlInvalid');
        out.push({
          kind: 'link',
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
        if (m.thumbUrl && !okPictureUrl(m.thumbUrl, tenantId)) throw fail.invalid('linkUrlInvalid');
        out.push({
          kind: 'miniProgram',
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
