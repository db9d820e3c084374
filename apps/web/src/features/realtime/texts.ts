import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the realtime link. */
export const realtimeTexts: Record<Language, TextTree> = {
  'zh-CN': {
    realtime: {
      linkFailed: '连接服务器失败，请联系客服或重新登录',
      reconnecting: '与服务器的连接已断开，正在重连（第 {attempt} 次）…',
      failedHint: '连接服务器失败，请联系客服或重新登录。点击可重新加载页面',
      reconnectingShort: '重连中',
      disconnected: '连接已断开',
    },
  },
  en: {
    realtime: {
      linkFailed: 'Link to server failed, contact support or log in again',
      reconnecting: 'The link to the server dropped, reconnecting (attempt {attempt})…',
      failedHint:
        'Link to server failed, contact support or log in again. Click to reload the page',
      reconnectingShort: 'Reconnecting',
      disconnected: 'Disconnected',
    },
  },
};
