import { i18n, currentLanguage } from '../../i18n/index.ts';
import { useSession } from '../session/sessionStore.ts';
import { mainProfile } from './clients.ts';
import { notifyError } from './notifier.ts';

/** The file name of a `content-disposition` header (`filename*=UTF-8''…` first), else null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1]!.trim() : null;
}

/**
 * Downloads a file the server answers to a signed-in user (exports, the import template): the
 * request carries the session headers — never a token in the address, where proxy logs and the
 * browser history keep it — and the answer is saved from a blob under the server's file name.
 * Resolves true when the file was handed to the browser; a refusal is shown as a toast.
 */
export async function downloadWithSession(
  url: string,
  fallbackName: string,
  fetchFn: typeof fetch = fetch,
): Promise<boolean> {
  const s = useSession.getState();
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  if (s.token) Object.assign(headers, mainProfile.authHeaders(s.token, s.user?.tenantId ?? null));
  let res: Response;
  try {
    res = await fetchFn(url, { headers });
  } catch {
    notifyError(i18n.t('http.network'));
    return false;
  }
  if (!res.ok) {
    let message = '';
    try {
      const body = (await res.json()) as { message?: unknown; msg?: unknown };
      message = String(body.message ?? body.msg ?? '');
    } catch {
      // not JSON
    }
    notifyError(message || `${i18n.t('http.status')} ${res.status}`);
    return false;
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has taken the blob once the click is handled; free it a moment later.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return true;
}
