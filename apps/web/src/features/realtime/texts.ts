import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the realtime link. */
export const realtimeTexts: Record<Language, TextTree> = {
  'zh-CN': {
    realtime: {
      linkFailed: '连接服务器失败，请联系客服或重新登录',
      connecting: '正在连接服务器…',
      reconnecting: '与服务器的连接已断开，正在重连（第 {attempt} 次）…',
      failed: '连接服务器失败，请联系客服或重新登录',
      reload: '重新加载',
    },
  },
  en: {
    realtime: {
      linkFailed: 'Link to server failed, contact support or log in again',
      connecting: 'Connecting to the server…',
      reconnecting: 'The link to the server dropped, reconnecting (attempt {attempt})…',
      failed: 'Link to server failed, contact support or log in again',
      reload: 'Reload',
    },
  },
};
