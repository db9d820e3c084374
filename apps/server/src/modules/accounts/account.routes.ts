import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountGroupAddBody,
  accountGroupNode,
  accountGroupRenameBody,
  accountListBody,
  accountListResult,
  ACCOUNT_PAGE_SIZE,
  exportQueryOf,
  accountsAffected,
  batchEditBody,
  deleteAccountsBody,
  deleteByStateBody,
  distributeBody,
  idBody,
  idsBody,
  listResult,
  loginIdBody,
  moveGroupBody,
  multiLoginResult,
  pairCodeBody,
  pairCodeResult,
  platformInfo,
  poolChangeBody,
  proxyAddBody,
  proxyAddResult,
  proxyAssignBody,
  proxyItem,
  proxyListBody,
  qrLoginBody,
  qrLoginResult,
  qrLoginState,
  switcherResult,
  updateRemarkBody,
  wxidsBody,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { defineExportRoute } from '../../platform/xlsx-export.ts';
import { accountExportColumns, accountExportNames } from './account.export.ts';
import { AccountGroupService } from './account-group.service.ts';
import { AccountLoginService } from './account-login.service.ts';
import { AccountService } from './account.service.ts';
import { ProxyService } from './proxy.service.ts';

const P = '/main-api/acc';
const tags = ['accounts'];

/** Work accounts, QR login, account groups and proxies (API.md, SPEC §2–5). */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: Uses<'realtime' | 'riskHandlers' | 'runtime' | 'unread'>,
): void {
  const runtime = deps.runtime;
  const accounts = new AccountService(deps);
  const login = new AccountLoginService(deps);
  const groups = new AccountGroupService(deps);
  const proxies = new ProxyService(deps);
  const manage = access.can('account.manage');

  defineRoute(app, {
    method: 'POST',
    url: `${P}/all`,
    access: manage,
    tags,
    body: accountListBody,
    response: accountListResult,
    handler: (ctx) => accounts.list(ctx.auth, ctx.body),
  });

  defineExportRoute(app, {
    url: `${P}/export`,
    access: manage,
    tags,
    summary: 'The account list under the same filters as an xlsx file',
    querystring: exportQueryOf(accountListBody),
    names: accountExportNames,
    columns: accountExportColumns,
    chunk: ACCOUNT_PAGE_SIZE,
    fetchPage: (auth, query, page, pageSize) =>
      accounts.list(auth, { ...query, page, pageSize }).then((r) => r.list),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${P}/switcher`,
    access: access.any('conversation.read', 'account.manage'),
    tags,
    response: switcherResult,
    handler: (ctx) => accounts.switcher(ctx.auth, ctx.lang),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${P}/platform`,
    access: access.user,
    tags,
    response: platformInfo,
    handler: () => {
      const gw = runtime.gateway;
      return {
        platform: gw.platform,
        capabilities: [...gw.capabilities],
        simulator: gw.simulator !== null,
        pacing: gw.pacing,
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/qr-login-code`,
    access: manage,
    tags,
    body: qrLoginBody,
    response: qrLoginResult,
    handler: (ctx) => login.qrLoginCode(ctx.auth, ctx.body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/risk-resume`,
    access: manage,
    tags,
    body: wxidsBody,
    response: accountsAffected,
    handler: (ctx) => accounts.resumeRisk(ctx.auth, ctx.body.wxids),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/pair-code`,
    access: manage,
    tags,
    body: pairCodeBody,
    response: pairCodeResult,
    handler: (ctx) => login.pairCode(ctx.auth, ctx.body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/qr-login-status`,
    access: manage,
    tags,
    body: loginIdBody,
    response: qrLoginState,
    handler: (ctx) => login.qrLoginState(ctx.auth, ctx.body.loginId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/logout`,
    access: manage,
    tags,
    body: wxidsBody,
    response: accountsAffected,
    handler: (ctx) => login.logout(ctx.auth, ctx.body.wxids),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/multi-login`,
    access: manage,
    tags,
    body: wxidsBody,
    response: multiLoginResult,
    handler: (ctx) => login.multiLogin(ctx.auth, ctx.body.wxids),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/delete`,
    access: manage,
    tags,
    body: deleteAccountsBody,
    response: accountsAffected,
    handler: (ctx) => accounts.remove(ctx.auth, ctx.body.wxids),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/delete-banned`,
    access: manage,
    tags,
    body: deleteByStateBody,
    response: accountsAffected,
    handler: (ctx) => accounts.removeInState(ctx.auth, ctx.body.wxids, 'deleteBanned'),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/delete-non-online`,
    access: manage,
    tags,
    body: deleteByStateBody,
    response: accountsAffected,
    handler: (ctx) => accounts.removeInState(ctx.auth, ctx.body.wxids, 'deleteNonOnline'),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/batch-edit`,
    access: manage,
    tags,
    body: batchEditBody,
    response: accountsAffected,
    handler: (ctx) => accounts.batchEdit(ctx.auth, ctx.body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/move-group`,
    access: manage,
    tags,
    body: moveGroupBody,
    response: accountsAffected,
    handler: (ctx) => accounts.moveGroup(ctx.auth, ctx.body.wxids, ctx.body.groupId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/pool-change`,
    access: manage,
    tags,
    body: poolChangeBody,
    response: accountsAffected,
    handler: (ctx) => accounts.changePool(ctx.auth, ctx.body.wxids, ctx.body.pool),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/update-remark`,
    access: manage,
    tags,
    body: updateRemarkBody,
    response: z.null(),
    handler: async (ctx) => {
      await accounts.updateRemark(ctx.auth, ctx.body.wxid, ctx.body.remark);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/distribute`,
    access: manage,
    tags,
    body: distributeBody,
    response: accountsAffected,
    handler: (ctx) => accounts.distribute(ctx.auth, ctx.body.wxids, ctx.body.uid),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/restitute`,
    access: manage,
    tags,
    body: wxidsBody,
    response: accountsAffected,
    handler: (ctx) => accounts.restitute(ctx.auth, ctx.body.wxids),
  });

  // ---- account groups --------------------------------------------------------------------------

  defineRoute(app, {
    method: 'POST',
    url: `${P}/group/list`,
    access: access.any('account.manage', 'conversation.read'),
    tags,
    response: z.array(accountGroupNode),
    handler: (ctx) => groups.tree(ctx.auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/group/add`,
    access: manage,
    tags,
    body: accountGroupAddBody,
    response: z.object({ id: z.string() }),
    handler: (ctx) => groups.add(ctx.auth, ctx.body.name, ctx.body.parentId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/group/rename`,
    access: manage,
    tags,
    body: accountGroupRenameBody,
    response: z.null(),
    handler: async (ctx) => {
      await groups.rename(ctx.auth, ctx.body.id, ctx.body.name);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/group/del`,
    access: manage,
    tags,
    body: idBody,
    response: z.null(),
    handler: async (ctx) => {
      await groups.remove(ctx.auth, ctx.body.id);
      return null;
    },
  });

  // ---- proxies ---------------------------------------------------------------------------------

  defineRoute(app, {
    method: 'POST',
    url: `${P}/proxy-list`,
    access: manage,
    tags,
    body: proxyListBody,
    response: listResult(proxyItem),
    handler: (ctx) => proxies.list(ctx.auth, ctx.body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/proxy-add`,
    access: manage,
    tags,
    body: proxyAddBody,
    response: proxyAddResult,
    handler: (ctx) => proxies.add(ctx.auth, ctx.body.text, ctx.lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/proxy-assign`,
    access: manage,
    tags,
    body: proxyAssignBody,
    response: accountsAffected,
    handler: (ctx) => proxies.assign(ctx.auth, ctx.body.wxids, ctx.body.proxyId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/proxy-del`,
    access: manage,
    tags,
    body: idsBody,
    response: z.object({ count: z.number() }),
    handler: (ctx) => proxies.remove(ctx.auth, ctx.body.ids),
  });
}
