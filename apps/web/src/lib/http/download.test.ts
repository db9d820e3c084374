import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { useSession } from '../session/sessionStore.ts';
import { downloadWithSession, fileNameOf } from './download.ts';

function fakeFetch(response: Response) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), headers: (init?.headers ?? {}) as Record<string, string> });
    return response;
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

const xlsx = (name: string) =>
  new Response('PK', {
    headers: { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` },
  });

describe('downloadWithSession', () => {
  afterEach(async () => {
    useSession.setState({ token: null, expiresAt: null, user: null });
    await setLanguage('zh-CN');
  });

  it("asks in the console's language, whatever the browser's is", async () => {
    // jsdom's navigator speaks English; the console is switched to 中文.
    expect(navigator.language).toMatch(/^en/);
    await setLanguage('zh-CN');
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const { fn, calls } = fakeFetch(xlsx('敏感词-20261204-1200.xlsx'));
    expect(await downloadWithSession('/main-api/sensitive/export', 'export.xlsx', fn)).toBe(true);
    expect(calls[0]!.headers['Accept-Language']).toBe('zh-CN');

    await setLanguage('en');
    const second = fakeFetch(xlsx('sensitive-words.xlsx'));
    await downloadWithSession('/main-api/sensitive/export', 'export.xlsx', second.fn);
    expect(second.calls[0]!.headers['Accept-Language']).toBe('en');
  });

  it('carries the session in headers, never in the address', async () => {
    useSession.setState({
      token: 'secret-token',
      expiresAt: Date.now() + 60_000,
      user: { tenantId: 't1' } as never,
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const { fn, calls } = fakeFetch(xlsx('a.xlsx'));
    await downloadWithSession('/main-api/sensitive/export?keyword=x', 'export.xlsx', fn);
    expect(calls[0]!.url).not.toContain('secret-token');
    expect(Object.values(calls[0]!.headers)).toContain('secret-token');
  });
});

describe('fileNameOf', () => {
  it('prefers the UTF-8 name and falls back to the plain one', () => {
    expect(fileNameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''%E6%95%8F.xlsx`)).toBe(
      '敏.xlsx',
    );
    expect(fileNameOf('attachment; filename="plain.xlsx"')).toBe('plain.xlsx');
    expect(fileNameOf(null)).toBeNull();
  });
});
