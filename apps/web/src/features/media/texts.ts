import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the composer's media tools. */
export const mediaTexts: Record<Language, TextTree> = {
  'zh-CN': {
    media: {
      image: '发送图片',
      file: '发送文件',
      video: '发送视频',
      emoticon: '表情包',
      retrying: '2秒后重新上传',
      tokenError: 'File Token Error',
      uploadFailed: 'upload failed!',
      uploading: '正在上传…',
      dropHint: '松开即可发送',
      system: '系统表情',
      mine: '我的表情',
      noEmoticons: '暂无表情',
      upload: '上传表情',
      uploaded: '表情已上传',
      uploadEmoticonFailed: '网络异常请稍后再试...',
    },
  },
  en: {
    media: {
      image: 'Send pictures',
      file: 'Send files',
      video: 'Send a video',
      emoticon: 'Stickers',
      retrying: 'Uploading again in 2 seconds',
      tokenError: 'File Token Error',
      uploadFailed: 'upload failed!',
      uploading: 'Uploading…',
      dropHint: 'Drop to send',
      system: 'System stickers',
      mine: 'My stickers',
      noEmoticons: 'No stickers yet',
      upload: 'Upload a sticker',
      uploaded: 'Sticker uploaded',
      uploadEmoticonFailed: 'Network error, try again later...',
    },
  },
};
