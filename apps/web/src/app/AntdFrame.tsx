import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { connectNotifier } from '../lib/http/notifier.ts';
import { useSettings } from '../features/settings/settingsStore.ts';

/** Routes the API clients' error toasts to antd's themed `message` (App.useApp). */
function HttpToastBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    connectNotifier((text) => void message.error(text));
    return () => connectNotifier(null);
  }, [message]);
  return null;
}

/**
 * antd around every page that uses it: theme colour, dark/light algorithm, locale, `App` (for
 * `App.useApp()` toasts and modals) and the toast bridge of the API clients. It is loaded with
 * the first such page; the login page is plain HTML, so the login route needs no antd at all.
 */
export function AntdFrame({ children }: { children?: ReactNode }) {
  const { i18n } = useTranslation();
  const light = useSettings((s) => s.themeMode);
  const color = useSettings((s) => s.themeColor);
  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      theme={{
        algorithm: light ? theme.defaultAlgorithm : theme.darkAlgorithm,
        token: { colorPrimary: color, colorLink: color },
      }}
    >
      <AntdApp>
        <HttpToastBridge />
        {children ?? <Outlet />}
      </AntdApp>
    </ConfigProvider>
  );
}
