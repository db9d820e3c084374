import {
  PROXY_MAX_LINES,
  translate,
  type AccountsAffected,
  type Language,
  type ListResult,
  type MessageKey,
  type ProxyAddResult,
  type ProxyItem,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { OutboundRefusedError, assertPublicHost } from '../../platform/outbound.ts';
import { presentProxy } from './account.presenter.ts';
import { publishAccountsChanged } from './account-push.ts';
import * as accountRepo from './account.repository.ts';
import { AccountService, isUuid } from './account.service.ts';
import * as repo from './proxy.repository.ts';

/** A proxy line parsed, or the reason it is wrong. */
export type ParsedProxy =
  | { ok: true; host: string; port: number; username: string; password: string }
  | { ok: false; key: MessageKey };

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOSTNAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** Parses `ip:port:account:password` (SPEC §3; the password may itself contain ':'). */
export function parseProxyLine(line: string): ParsedProxy {
  const parts = line.split(':');
  if (parts.length < 4) return { ok: false, key: 'proxyLineFormat' };
  const [host, portText, username] = parts.map((p) => p.trim()) as [string, string, string];
  const password = parts.slice(3).join(':').trim();
  if (!host || !portText || !username || !password) return { ok: false, key: 'proxyLineFormat' };
  if (!IPV4.test(host) && (/^[\d.]+$/.test(host) || !HOSTNAME.test(host))) {
    return { ok: false, key: 'proxyBadHost' };
  }
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535)
    return { ok: false, key: 'proxyBadPort' };
  if (username.length > 128 || password.length > 128) return { ok: false, key: 'proxyLineFormat' };
  return { ok: true, host, port, username, password };
}

/** Proxy addresses of a tenant: list, add from text, assign to accounts, delete. */
export class ProxyService {
  private readonly accounts: AccountService;

  constructor(private readonly deps: Uses<'realtime' | 'riskHandlers' | 'runtime' | 'unread'>) {
    this.accounts = new AccountService(deps);
  }

  private tenantOf(auth: AuthContext): string {
    if (!auth.tenantId) throw fail.notFound('proxyNotFound');
    return auth.tenantId;
  }

  /** A page of proxies with how many accounts use each. */
  async list(
    auth: AuthContext,
    q: { page: number; pageSize: number; keyword?: string },
  ): Promise<ListResult<ProxyItem>> {
    if (!auth.tenantId) return { list: [], total: 0 };
    const { rows, total } = await repo.listProxies(
      this.deps.db,
      auth.tenantId,
      q.keyword || undefined,
      {
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      },
    );
    return { list: rows.map((r) => presentProxy(r.proxy, r.accountCount)), total };
  }

  /** Adds proxies from text, one per line; good lines are added, bad ones reported by line. */
  async add(auth: AuthContext, text: string, lang: Language): Promise<ProxyAddResult> {
    const tenantId = this.tenantOf(auth);
    const lines = text.split(/\r?\n/);
    const filled = lines.filter((l) => l.trim() !== '');
    if (filled.length === 0) throw fail.invalid('proxyTextRequired');
    if (filled.length > PROXY_MAX_LINES)
      throw fail.invalid('proxyTooManyLines', { max: PROXY_MAX_LINES });
    const errors: ProxyAddResult['errors'] = [];
    const good: { line: number; text: string; key: string; row: repo.NewProxy }[] = [];
    const seen = new Set<string>();
    lines.forEach((raw, i) => {
      const line = raw.trim();
      if (!line) return;
      const parsed = parseProxyLine(line);
      if (!parsed.ok) {
        errors.push({ line: i + 1, text: line, message: translate(parsed.key, lang) });
        return;
      }
      const key = `${parsed.host.toLowerCase()}:${parsed.port}:${parsed.username}`;
      if (seen.has(key)) {
        errors.push({ line: i + 1, text: line, message: translate('proxyDuplicate', lang) });
        return;
      }
      seen.add(key);
      const { host, port, username, password } = parsed;
      good.push({
        line: i + 1,
        text: line,
        key,
        row: { tenantId, host: host.toLowerCase(), port, username, password },
      });
    });
    const usable = await this.usableHosts(good.map((g) => g.row.host));
    const kept = good.filter((g) => {
      if (usable.get(g.row.host)) return true;
      errors.push({ line: g.line, text: g.text, message: translate('proxyNotUsable', lang) });
      return false;
    });
    const inserted = await repo.insertProxies(
      this.deps.db,
      kept.map((g) => g.row),
    );
    const added = new Set(inserted.map((r) => `${r.host}:${r.port}:${r.username}`));
    for (const g of kept) {
      if (!added.has(g.key)) {
        errors.push({ line: g.line, text: g.text, message: translate('proxyDuplicate', lang) });
      }
    }
    errors.sort((a, b) => a.line - b.line);
    return { added: inserted.length, errors };
  }

  /**
   * Which hosts the server may connect to (platform/outbound.ts): a host that is, or resolves to,
   * a loopback, private or link-local address is not (unless ALLOW_PRIVATE_NETWORK). A name that
   * does not resolve now is kept: connecting goes through the guard again.
   */
  private async usableHosts(hosts: string[]): Promise<Map<string, boolean>> {
    const out = new Map<string, boolean>();
    await Promise.all(
      [...new Set(hosts)].map(async (host) => {
        try {
          await assertPublicHost(host, this.deps.config);
          out.set(host, true);
        } catch (err) {
          out.set(host, !(err instanceof OutboundRefusedError));
          if (err instanceof OutboundRefusedError) {
            this.deps.log.info({ host, address: err.address }, 'proxy address refused');
          }
        }
      }),
    );
    return out;
  }

  /** Sets (or clears) the proxy of accounts; it applies at their next login. */
  async assign(
    auth: AuthContext,
    wxids: string[],
    proxyId: string | null | undefined,
  ): Promise<AccountsAffected> {
    const tenantId = this.tenantOf(auth);
    const rows = await this.accounts.requireVisible(auth, wxids);
    if (proxyId) {
      const found = isUuid(proxyId)
        ? await repo.findProxies(this.deps.db, tenantId, [proxyId])
        : [];
      if (found.length === 0) throw fail.notFound('proxyNotFound');
    }
    const changed = await accountRepo.updateAccounts(
      this.deps.db,
      tenantId,
      rows.map((r) => r.id),
      { proxyId: proxyId || null },
    );
    await publishAccountsChanged(this.deps, tenantId, changed, 'updated');
    return { count: changed.length, wxids: changed.map((r) => r.wxid) };
  }

  /** Deletes proxies; refused while accounts still use them. */
  async remove(auth: AuthContext, ids: string[]): Promise<{ count: number }> {
    const tenantId = this.tenantOf(auth);
    const unique = [...new Set(ids)];
    const found = unique.every(isUuid)
      ? await repo.findProxies(this.deps.db, tenantId, unique)
      : [];
    if (found.length !== unique.length) throw fail.notFound('proxyNotFound');
    if ((await repo.countAccountsUsing(this.deps.db, tenantId, unique)) > 0) {
      throw fail.conflict('proxyInUse');
    }
    await repo.deleteProxies(this.deps.db, tenantId, unique);
    return { count: unique.length };
  }
}
