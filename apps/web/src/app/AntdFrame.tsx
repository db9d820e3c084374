import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import antdCss from 'antd/dist/antd.css?url';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import '../i18n/allTexts.ts';
import { connectNotifier } from '../lib/http/notifier.ts';
import { useSettings } from '../features/settings/settingsStore.ts';
import { ANTD_CSS_ATTR, ANTD_CSS_SETTLED } from './antdCssLink.ts';

let antdCssLoaded: Promise<void> | null = null;

/**
 * Fetches antd's style sheet into the cache without applying it (the login page is plain HTML
 * and must not take antd's rules): {@link loadAntdStyles} then finds it there after sign-in.
 */
export function prefetchAntdStyles(): void {
  if (antdCssLoaded || document.querySelector(`link[rel="preload"][href="${antdCss}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'style';
  link.href = antdCss;
  document.head.append(link);
}

/**
 * antd's component styles, as one static style sheet (`theme.zeroRuntime`: antd then builds no
 * styles at run time, only the theme's CSS variables). Put first in `<head>`, where antd's run-time
 * styles went, so the console's own CSS still comes after it and wins a tie. Resolves when it has
 * loaded (a failed load too: the page then shows unstyled rather than not at all).
 */
export function loadAntdStyles(): Promise<void> {
  if (antdCssLoaded) return antdCssLoaded;
  let link = document.querySelector<HTMLLinkElement>(`link[${ANTD_CSS_ATTR}]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = antdCss;
    link.setAttribute(ANTD_CSS_ATTR, '');
    document.head.prepend(link);
  }
  const el = link;
  antdCssLoaded =
    el.sheet ||
    el.getAttribute(ANTD_CSS_ATTR) === ANTD_CSS_SETTLED ||
    import.meta.env.MODE === 'test'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          el.addEventListener('load', () => resolve(), { once: true });
          el.addEventListener('error', () => resolve(), { once: true });
        });
  return antdCssLoaded;
}

/** Routes the API clients' error toasts to antd's themed `message` (App.useApp). */
function HttpToastBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    connectNotifier((text) => void message.error(text));
    return () => connectNotifier(null);
  }, [message]);
  return null;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the system asks for less motion (an accessibility setting), kept up to date. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * antd around every page that uses it: theme colour, dark/light algorithm, motion (none when the
 * system asks for reduced motion), locale, `App` (for
 * `App.useApp()` toasts and modals) and the toast bridge of the API clients. It is loaded with
 * the first such page; the login page is plain HTML, so the login route needs no antd at all.
 */
export function AntdFrame({ children }: { children?: ReactNode }) {
  const { i18n } = useTranslation();
  const light = useSettings((s) => s.themeMode);
  const color = useSettings((s) => s.themeColor);
  const still = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      theme={{
        // Styles from the static sheet (loadAntdStyles); colours still follow the settings
        // through the CSS variables antd writes for the algorithm and tokens below.
        zeroRuntime: true,
        algorithm: light ? theme.defaultAlgorithm : theme.darkAlgorithm,
        // Dialogs, menus and toasts appear and go without motion when the system asks for less.
        token: { colorPrimary: color, colorLink: color, motion: !still },
      }}
    >
      <AntdApp>
        <HttpToastBridge />
        {children ?? <Outlet />}
      </AntdApp>
    </ConfigProvider>
  );
}
