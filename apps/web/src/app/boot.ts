import { isSignedIn, useSession } from '../lib/session/sessionStore.ts';
import { LazyAntdFrame, LazySectionLayout, LazyShellLayout } from './routes/lazyComponents.tsx';
import { preloadPage } from './routes/lazyPage.ts';
import { isAvailable, returnPath, routeOf } from './routes/access.ts';
import { setSignInWarmup } from '../features/auth/signInWarmup.ts';

/** How long the first render waits for the opening screen's code before it shows the spinner. */
export const BOOT_WAIT_MS = 3000;

/** The path and query of a hash-router location (`#/message?v=1` → `/message`, `v=1`). */
export function hashLocation(hash: string): { path: string; search: string } {
  const raw = hash.replace(/^#/, '');
  const q = raw.indexOf('?');
  const path = (q < 0 ? raw : raw.slice(0, q)) || '/';
  return { path, search: q < 0 ? '' : raw.slice(q + 1) };
}

/**
 * Cuts the waterfall of a signed-in page load. Without it the code arrives one piece after the
 * other as each renders (entry → antd frame → shell → page) and the page asks for its data only
 * once mounted. Here, when a session is stored and the URL names a shell page, the frame, shell
 * and page code are all fetched at once, and on the conversation screen its first data too
 * (app/firstScreen.ts). Returns a promise that settles when that code has arrived (or after
 * {@link BOOT_WAIT_MS}) — the first render waits for it, so the screen shows in one go, with no
 * spinner in between — or null when nothing is preloaded (login page, signed out).
 */
export function bootFirstScreen(hash = location.hash, now = Date.now()): Promise<void> | null {
  const session = useSession.getState();
  if (!isSignedIn(session, now)) return null;
  const { path, search } = hashLocation(hash);
  const allowed = (p: string) => {
    const r = routeOf(p);
    return r?.layout === 'shell' && r.load && isAvailable(r, session.user) ? r : undefined;
  };
  const route = allowed(path);
  if (!route) return null;
  const code: Promise<unknown>[] = [];
  // `/` sends whoever may read conversations on to the conversation screen.
  const inbox = path === '/message' ? route : path === '/' ? allowed('/message') : undefined;
  if (inbox) {
    // First, so its few small chunks are not queued behind the screen's code.
    code.push(import('./firstScreen.ts').then((m) => m.prefetchInbox(new URLSearchParams(search))));
  }
  code.push(LazyAntdFrame.preload(), LazyShellLayout.preload(), preloadPage(route));
  if (route.section) code.push(LazySectionLayout.preload());
  if (inbox && inbox !== route) code.push(preloadPage(inbox));
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, BOOT_WAIT_MS);
    void Promise.allSettled(code).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

let warmed = false;

/**
 * While the login page is open (its password field got focus): fetches the signed-in frame's
 * code, antd's style sheet (not applied) and the conversation screen's code and first-data
 * module, so that after sign-in only the data is left to wait for. Once per page load; a failed
 * fetch is left for the real load to retry.
 */
export function warmSignedInCode(): void {
  if (warmed) return;
  warmed = true;
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  quiet(import('./firstScreen.ts'));
  quiet(import('./AntdFrame.tsx').then((m) => m.prefetchAntdStyles()));
  quiet(LazyShellLayout.preload());
  const inbox = routeOf('/message');
  if (inbox?.load) quiet(preloadPage(inbox));
}

/**
 * Right after sign-in: the page the guard is about to open, with its code and (on the
 * conversation screen) its first data asked for at once, as on a page load with a session.
 */
export function bootAfterSignIn(hash = location.hash): void {
  warmSignedInCode();
  const { path, search } = hashLocation(hash);
  void bootFirstScreen(`#${returnPath(search ? `${path}?${search}` : path)}`);
}

setSignInWarmup({ intent: warmSignedInCode, signedIn: () => bootAfterSignIn() });
