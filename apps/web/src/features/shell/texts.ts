import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the console shell: header, menus, workbench, error pages. */
export const shellTexts: Record<Language, TextTree> = {
  'zh-CN': {
    shell: {
      switchLanguage: '切换语言',
      otherLanguage: 'English',
      userMenu: '用户菜单',
      mySeat: '个人中心',
      resetPassword: '重置密码',
      clearCache: '清除缓存',
      clearCacheConfirm:
        '将清除本地缓存的数据（联系人、列表等）并刷新页面，登录状态和个性化设置会保留。确定继续吗？',
      logout: '退出登录',
      logoutConfirm: '确定退出登录吗？',
      notFoundTitle: '404',
      notFound: '抱歉，您访问的页面不存在',
      forbiddenTitle: '403',
      forbidden: '抱歉，您没有权限访问此页面。如需使用，请联系管理员为您的角色开通权限。',
      chunkError: '页面加载失败，请检查网络后刷新',
      pageError: '页面出错了',
      sideMenu: '{section}菜单',
      welcome: '欢迎回来，{name}',
      tenant: '所属企业',
      role: '角色',
      platform: '平台',
      quickLinks: '快捷入口',
      noLinks: '暂无可用的功能，请联系管理员分配权限。',
      open: '进入',
    },
  },
  en: {
    shell: {
      switchLanguage: 'Switch language',
      otherLanguage: '中文',
      userMenu: 'User menu',
      mySeat: 'My account',
      resetPassword: 'Reset password',
      clearCache: 'Clear cache',
      clearCacheConfirm:
        'This clears the locally cached data (contacts, lists, …) and reloads the page. You stay signed in and keep your settings. Continue?',
      logout: 'Log out',
      logoutConfirm: 'Log out now?',
      notFoundTitle: '404',
      notFound: 'Sorry, the page you visited does not exist',
      forbiddenTitle: '403',
      forbidden:
        'Sorry, you are not allowed to open this page. Ask your manager to give your role the permission.',
      chunkError: 'The page could not be loaded, check the network and reload',
      pageError: 'Something went wrong on this page',
      sideMenu: '{section} menu',
      welcome: 'Welcome back, {name}',
      tenant: 'Company',
      role: 'Role',
      platform: 'Platform',
      quickLinks: 'Shortcuts',
      noLinks: 'No feature is available yet; ask your administrator for permissions.',
      open: 'Open',
    },
  },
};
