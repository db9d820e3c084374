import { STAT_REPORTS, type Permission, type StatReport } from '@cst/shared';
import { menuPart } from './menuParts.tsx';
import type { AppRoute, MenuSpec, SectionId } from './types.ts';

/** Whether a statistics page is one of the reports (a local test: see STAT_REPORTS' import). */
const isStatReport = (name: string): name is StatReport =>
  (STAT_REPORTS as readonly string[]).includes(name);

/** A signed-in page of the shell. */
function page(
  path: string,
  titleKey: string,
  permission: Permission | undefined,
  rest: Partial<AppRoute> = {},
): AppRoute {
  return { path, titleKey, permission, access: 'user', layout: 'shell', ready: false, ...rest };
}

/** A page inside a section (it gets the section's side menu entry at `order`). */
function child(
  section: SectionId,
  path: string,
  titleKey: string,
  permission: Permission,
  order: number,
  rest: Partial<AppRoute> = {},
): AppRoute {
  return page(path, titleKey, permission, {
    section,
    menu: [{ group: section, order }],
    ...rest,
  });
}

/** The redirect route of a section, shown in the top menu when one of its pages is available. */
function section(
  id: SectionId,
  path: string,
  redirect: string,
  titleKey: string,
  top?: Omit<MenuSpec, 'group'>,
): AppRoute {
  return page(path, titleKey, undefined, {
    section: id,
    redirect,
    ready: true,
    menu: top ? [{ group: 'top', ...top }] : undefined,
  });
}

/**
 * Every route of SPEC §2 (plus the platform admin's pages), in one list that drives the router,
 * the menus and the guard. To ship a page: give its entry `ready: true` and a `load`.
 */
export const ROUTES: AppRoute[] = [
  // Sign-in pages: only for signed-out visitors.
  {
    path: '/auth',
    titleKey: 'route.login',
    access: 'guest',
    layout: 'auth',
    ready: true,
    redirect: '/auth/login',
  },
  {
    path: '/auth/login',
    titleKey: 'route.login',
    access: 'guest',
    layout: 'auth',
    ready: true,
    load: () => import('../../features/auth/LoginPage.tsx').then((m) => m.LoginPage),
  },
  {
    path: '/auth/register',
    titleKey: 'route.register',
    access: 'guest',
    layout: 'auth',
    ready: true,
    load: () => import('../../features/auth/RegisterPage.tsx').then((m) => m.RegisterPage),
  },
  {
    path: '/auth/forget',
    titleKey: 'route.forget',
    access: 'guest',
    layout: 'auth',
    ready: true,
    load: () => import('../../features/auth/ForgetPage.tsx').then((m) => m.ForgetPage),
  },

  // Home: the conversation screen (at /message) or, without conversation.read, the workbench.
  page('/', 'route.home', undefined, {
    ready: true,
    load: () => import('../../features/conversations/HomePage.tsx').then((m) => m.HomePage),
  }),
  page('/message', 'route.message', 'conversation.read', {
    ready: true,
    load: () => import('../../features/conversations/InboxPage.tsx').then((m) => m.InboxPage),
    menu: [
      {
        group: 'top',
        order: 10,
        labelKey: 'menu.sessionTalk',
        icon: menuPart('CommentOutlined'),
        to: '/',
      },
      {
        group: 'top',
        order: 20,
        labelKey: 'menu.groupChat',
        icon: menuPart('TeamOutlined'),
        to: '/?talkType=2',
      },
    ],
  }),
  // Service management (seat transfers): opened from the header's service icon.
  page('/service', 'route.service', 'conversation.read', {
    ready: true,
    load: () => import('../../features/service/ServicePage.tsx').then((m) => m.ServicePage),
  }),
  page('/myAccount', 'route.myAccount', undefined, {
    ready: true,
    load: () => import('../../features/profile/MyAccountPage.tsx').then((m) => m.MyAccountPage),
  }),
  // The manual (使用手册): open to every signed-in user; its entry is in the user menu.
  page('/manual', 'route.manual', undefined, {
    ready: true,
    load: () => import('../../features/manual/ManualPage.tsx').then((m) => m.ManualPage),
  }),
  page('/history', 'route.history', 'history.read', {
    ready: true,
    load: () => import('../../features/history/HistoryPage.tsx').then((m) => m.HistoryPage),
    menu: [
      { group: 'top', order: 30, labelKey: 'menu.history', icon: menuPart('HistoryOutlined') },
    ],
  }),

  // The simulator (the page itself answers only when the platform is the simulator; its entry
  // is in the header and on the work-account page, shown only then).
  page('/simulator', 'simulator.title', 'account.manage', {
    ready: true,
    load: () => import('../../features/simulator/SimulatorPage.tsx').then((m) => m.SimulatorPage),
  }),

  // Settings.
  section('settings', '/settings', '/settings/wxaccount', 'route.settings', {
    order: 80,
    labelKey: 'menu.settings',
    icon: menuPart('SettingOutlined'),
  }),
  child('settings', '/settings/wxaccount', 'route.wxaccount', 'account.manage', 10, {
    ready: true,
    load: () =>
      import('../../features/accounts/WorkAccountsPage.tsx').then((m) => m.WorkAccountsPage),
  }),
  child('settings', '/settings/ports', 'route.myPorts', 'billing.manage', 12, {
    ready: true,
    load: () => import('../../features/billing/MyPortsPage.tsx').then((m) => m.MyPortsPage),
  }),
  child('settings', '/settings/orders', 'route.orders', 'billing.manage', 14, {
    ready: true,
    load: () => import('../../features/billing/OrdersPage.tsx').then((m) => m.OrdersPage),
  }),
  child('settings', '/settings/retention', 'route.retention', 'retention.manage', 16, {
    ready: true,
    load: () => import('../../features/backups/RetentionPage.tsx').then((m) => m.RetentionPage),
  }),
  child(
    'settings',
    '/settings/translation',
    'route.translationSettings',
    'translation.manage',
    17,
    {
      ready: true,
      load: () =>
        import('../../features/translation/TranslationSettingsPage.tsx').then(
          (m) => m.TranslationSettingsPage,
        ),
    },
  ),
  child('settings', '/settings/childAccountManage', 'route.childAccountManage', 'seat.manage', 20, {
    ready: true,
    load: () =>
      import('../../features/seats/ChildAccountManagePage.tsx').then(
        (m) => m.ChildAccountManagePage,
      ),
  }),
  child('settings', '/settings/roleManage', 'route.roleManage', 'role.manage', 30, {
    ready: true,
    load: () => import('../../features/roles/RoleManagePage.tsx').then((m) => m.RoleManagePage),
  }),
  child('settings', '/settings/openApiKeys', 'route.apiKeys', 'openapi.manage', 80, {
    ready: true,
    load: () => import('../../features/openPlatform/ApiKeysPage.tsx').then((m) => m.ApiKeysPage),
  }),
  child('settings', '/settings/robotPassFriend', 'route.robotPassFriend', 'autoreply.manage', 40, {
    ready: true,
    load: () => import('../../features/robots/AutoAcceptPage.tsx').then((m) => m.AutoAcceptPage),
  }),
  child(
    'settings',
    '/settings/robotPassFriendReply',
    'route.robotPassFriendReply',
    'autoreply.manage',
    50,
    {
      ready: true,
      load: () => import('../../features/robots/GreetingPage.tsx').then((m) => m.GreetingPage),
    },
  ),
  child(
    'settings',
    '/settings/robotKeywordsReply',
    'route.robotKeywordsReply',
    'autoreply.manage',
    60,
    {
      ready: true,
      load: () =>
        import('../../features/robots/KeywordRulesPage.tsx').then((m) => m.KeywordRulesPage),
    },
  ),
  child('settings', '/settings/robotAiReply', 'route.robotAiReply', 'autoreply.manage', 62, {
    ready: true,
    load: () => import('../../features/ai/AiRobotPage.tsx').then((m) => m.AiRobotPage),
  }),
  child('settings', '/settings/ai', 'route.aiSettings', 'ai.manage', 84, {
    ready: true,
    load: () => import('../../features/ai/AiSettingsPage.tsx').then((m) => m.AiSettingsPage),
  }),
  child('settings', '/settings/sensitiveWords', 'route.sensitiveWords', 'sensitive.manage', 70, {
    ready: true,
    load: () =>
      import('../../features/sensitive/SensitiveWordsPage.tsx').then((m) => m.SensitiveWordsPage),
  }),

  child('settings', '/settings/material', 'route.material', 'library.manage', 72, {
    ready: true,
    load: () => import('../../features/material/MaterialPage.tsx').then((m) => m.MaterialPage),
  }),
  child('settings', '/settings/phrases', 'route.phrases', 'conversation.send', 74, {
    ready: true,
    load: () => import('../../features/phrases/PhrasesPage.tsx').then((m) => m.PhrasesPage),
  }),
  child('settings', '/settings/profileLibrary', 'route.profileLibrary', 'account.manage', 76, {
    ready: true,
    load: () =>
      import('../../features/profileLibraries/ProfileLibrariesPage.tsx').then(
        (m) => m.ProfileLibrariesPage,
      ),
  }),

  // 开放平台 (open platform): webhooks.
  child('settings', '/settings/open/webhooks', 'route.openWebhooks', 'openapi.manage', 82, {
    ready: true,
    menu: [{ group: 'settings', order: 82, labelKey: 'menu.openWebhooks' }],
    load: () => import('../../features/webhooks/WebhooksPage.tsx').then((m) => m.WebhooksPage),
  }),

  // Contacts.
  section('contacts', '/contacts', '/contacts/apply', 'route.contacts', {
    order: 35,
    labelKey: 'menu.contacts',
    icon: menuPart('ContactsOutlined'),
  }),
  child('contacts', '/contacts/apply', 'route.contactsApply', 'contact.manage', 10, {
    ready: true,
    load: () =>
      import('../../features/friendRequests/FriendRequestsPage.tsx').then(
        (m) => m.FriendRequestsPage,
      ),
  }),
  child('contacts', '/contacts/friends', 'route.contactsFriends', 'contact.manage', 20, {
    ready: true,
    load: () => import('../../features/friends/FriendsPage.tsx').then((m) => m.FriendsPage),
  }),
  child('contacts', '/contacts/groups', 'route.contactsGroups', 'contact.manage', 30, {
    ready: true,
    load: () => import('../../features/groups/GroupsPage.tsx').then((m) => m.GroupsPage),
  }),

  // Moments: /moments is itself the default page of its section.
  child('moments', '/moments', 'route.moments', 'moments.manage', 10, {
    ready: true,
    load: () => import('../../features/moments/MomentPostPage.tsx').then((m) => m.MomentPostPage),
    menu: [
      { group: 'moments', order: 10, labelKey: 'moments.post.title' },
      {
        group: 'top',
        order: 50,
        labelKey: 'menu.moments',
        icon: menuPart('CameraOutlined'),
        badge: menuPart('MomentsUnreadCorner'),
      },
    ],
  }),
  child('moments', '/moments/interaction', 'route.momentsInteraction', 'moments.manage', 20, {
    ready: true,
    load: () => import('../../features/moments/InteractionPage.tsx').then((m) => m.InteractionPage),
    menu: [{ group: 'moments', order: 20, badge: menuPart('MomentsUnreadBadge') }],
  }),
  child('moments', '/moments/history', 'route.momentsHistory', 'moments.manage', 30, {
    ready: true,
    load: () =>
      import('../../features/moments/MomentHistoryPage.tsx').then((m) => m.MomentHistoryPage),
  }),
  child('moments', '/moments/newhistory', 'route.momentsNewHistory', 'moments.manage', 40, {
    ready: true,
    load: () => import('../../features/moments/FeedPage.tsx').then((m) => m.FeedPage),
  }),

  // Customer center (SPEC §2: /customerCenter redirects to mutilAddFriends).
  section(
    'customerCenter',
    '/customerCenter',
    '/customerCenter/mutilAddFriends',
    'route.customerCenter',
    {
      order: 70,
      labelKey: 'menu.customerCenter',
      icon: menuPart('CustomerServiceOutlined'),
    },
  ),
  child(
    'customerCenter',
    '/customerCenter/mutilAddFriends',
    'route.mutilAddFriends',
    'customer.manage',
    10,
    {
      ready: true,
      load: () => import('../../features/fanTasks/FanTasksPage.tsx').then((m) => m.FanTasksPage),
    },
  ),
  child('customerCenter', '/customerCenter/manageTag', 'route.manageTag', 'customer.manage', 20, {
    ready: true,
    load: () => import('../../features/tags/ManageTagPage.tsx').then((m) => m.ManageTagPage),
  }),
  child('customerCenter', '/customerCenter/makeTag', 'route.makeTag', 'customer.manage', 30, {
    ready: true,
    load: () => import('../../features/tags/MakeTagPage.tsx').then((m) => m.MakeTagPage),
  }),
  child(
    'customerCenter',
    '/customerCenter/robotPassFriend',
    'route.robotPassFriend',
    'autoreply.manage',
    40,
    {
      ready: true,
      load: () => import('../../features/robots/AutoAcceptPage.tsx').then((m) => m.AutoAcceptPage),
    },
  ),
  child(
    'customerCenter',
    '/customerCenter/robotPassFriendReply',
    'route.robotPassFriendReply',
    'autoreply.manage',
    50,
    {
      ready: true,
      load: () => import('../../features/robots/GreetingPage.tsx').then((m) => m.GreetingPage),
    },
  ),
  child(
    'customerCenter',
    '/customerCenter/robotKeywordsReply',
    'route.robotKeywordsReply',
    'autoreply.manage',
    60,
    {
      ready: true,
      load: () =>
        import('../../features/robots/KeywordRulesPage.tsx').then((m) => m.KeywordRulesPage),
    },
  ),

  // Group helper (mass send).
  section('grouphelper', '/grouphelper', '/grouphelper/set', 'route.grouphelper', {
    order: 40,
    labelKey: 'menu.groupHelper',
    icon: menuPart('NotificationOutlined'),
  }),
  child('grouphelper', '/grouphelper/set', 'route.grouphelperSet', 'task.manage', 10, {
    ready: true,
    load: () =>
      import('../../features/bulkSend/BulkSettingsPage.tsx').then((m) => m.BulkSettingsPage),
  }),
  child('grouphelper', '/grouphelper/manager', 'route.grouphelperManager', 'task.manage', 20, {
    ready: true,
    load: () => import('../../features/bulkSend/BulkTasksPage.tsx').then((m) => m.BulkTasksPage),
  }),

  // Statistics.
  section('statistics', '/statistics', '/statistics/wxfriend', 'route.statistics', {
    order: 60,
    labelKey: 'menu.statistics',
    icon: menuPart('BarChartOutlined'),
  }),
  ...(
    [
      ['wxfriend', 'statWxfriend'],
      ['newfriend', 'statNewfriend'],
      ['sysadd', 'statSysadd'],
      ['nosysadd', 'statNosysadd'],
      ['deletefriend', 'statDeletefriend'],
      ['addfriend', 'statAddfriend'],
      ['service', 'statService'],
      ['label', 'statLabel'],
      ['message', 'statMessage'],
      ['eft', 'statEft'],
      ['redpacket', 'statRedpacket'],
      ['login', 'statLogin'],
    ] as const
  ).map(([p, key], i) =>
    child(
      'statistics',
      `/statistics/${p}`,
      `route.${key}`,
      'statistics.read',
      (i + 1) * 10,
      isStatReport(p)
        ? {
            ready: true,
            load: () =>
              import('../../features/statistics/StatisticsPage.tsx').then((m) => m.STAT_PAGES[p]),
          }
        : {},
    ),
  ),

  // The platform admin's pages (no tenant).
  page('/system', 'route.system', undefined, { ready: true, redirect: '/system/customers' }),
  page('/system/customers', 'route.customers', 'platform.customers', {
    ready: true,
    load: () => import('../../features/customers/CustomersPage.tsx').then((m) => m.CustomersPage),
    menu: [{ group: 'top', order: 90, labelKey: 'menu.customers', icon: menuPart('ShopOutlined') }],
  }),
  page('/system/ports', 'route.ports', 'platform.ports', {
    ready: true,
    load: () => import('../../features/ports/PortsPage.tsx').then((m) => m.PortsPage),
    menu: [{ group: 'top', order: 100, labelKey: 'menu.ports', icon: menuPart('ApiOutlined') }],
  }),
  page('/system/billing', 'route.wallets', 'platform.billing', {
    ready: true,
    load: () => import('../../features/billing/WalletsPage.tsx').then((m) => m.WalletsPage),
    menu: [
      { group: 'top', order: 105, labelKey: 'menu.wallets', icon: menuPart('AccountBookOutlined') },
    ],
  }),
  page('/system/orders', 'route.allOrders', 'platform.billing', {
    ready: true,
    load: () => import('../../features/billing/OrdersPage.tsx').then((m) => m.OrdersPage),
    menu: [
      { group: 'top', order: 110, labelKey: 'menu.allOrders', icon: menuPart('FileTextOutlined') },
    ],
  }),
  page('/system/backups', 'route.backups', 'platform.backups', {
    ready: true,
    load: () => import('../../features/backups/BackupsPage.tsx').then((m) => m.BackupsPage),
    menu: [
      { group: 'top', order: 115, labelKey: 'menu.backups', icon: menuPart('CloudServerOutlined') },
    ],
  }),
];
