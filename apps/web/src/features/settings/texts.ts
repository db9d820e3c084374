import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the settings drawer. */
export const settingsTexts: Record<Language, TextTree> = {
  'zh-CN': {
    settings: {
      title: '个性化设置',
      open: '个性化设置',
      openHint: '个性化设置：外观、主题色、背景图和新消息提醒',
      themeMode: '外观',
      light: '浅色',
      dark: '深色',
      themeColor: '主题色',
      background: '背景图',
      notifyCueTone: '新消息提示音',
      notifyCueToneHelp: '收到新消息时播放提示音',
      keyboardEventNotify: '新消息桌面通知',
      keyboardEventNotifyHelp: '页面不在前台时，收到新消息弹出桌面通知',
      restore: '恢复默认',
      color: '颜色 {color}',
      bg: { plain: '纯色', dawn: '晨雾', sky: '晴空', mint: '薄荷', dots: '圆点', waves: '波纹' },
    },
  },
  en: {
    settings: {
      title: 'Personal settings',
      open: 'Personal settings',
      openHint: 'Personal settings: appearance, theme colour, background and message alerts',
      themeMode: 'Appearance',
      light: 'Light',
      dark: 'Dark',
      themeColor: 'Theme colour',
      background: 'Background',
      notifyCueTone: 'New message tone',
      notifyCueToneHelp: 'Play a tone when a message arrives',
      keyboardEventNotify: 'Desktop notifications',
      keyboardEventNotifyHelp:
        'Show a desktop notification for new messages while the page is in the background',
      restore: 'Restore defaults',
      color: 'Colour {color}',
      bg: { plain: 'Plain', dawn: 'Dawn', sky: 'Sky', mint: 'Mint', dots: 'Dots', waves: 'Waves' },
    },
  },
};
