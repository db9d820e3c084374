import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { connectNotifier } from '../lib/http/notifier.ts';
import { queryClient } from '../lib/queryClient.ts';
import { RealtimeConnection } from '../lib/realtime/RealtimeConnection.tsx';
import { backgroundCss } from '../features/settings/backgrounds.ts';
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

/** Applies the settings to the page: colour scheme and background behind every screen. */
function useApplySettingsToPage(light: boolean, bag: string, color: string) {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = light ? 'light' : 'dark';
    root.style.setProperty('--app-bg', backgroundCss(bag, light));
    root.style.setProperty('--app-primary', color);
    root.style.colorScheme = light ? 'light' : 'dark';
  }, [light, bag, color]);
}

function ThemedProviders({ children }: { children: ReactNode }) {
  const { i18n: inst } = useTranslation();
  const light = useSettings((s) => s.themeMode);
  const color = useSettings((s) => s.themeColor);
  const bag = useSettings((s) => s.themeBagImg);
  useApplySettingsToPage(light, bag, color);
  return (
    <ConfigProvider
      locale={inst.language === 'en' ? enUS : zhCN}
      theme={{
        algorithm: light ? theme.defaultAlgorithm : theme.darkAlgorithm,
        token: { colorPrimary: color },
      }}
    >
      <AntdApp>
        <HttpToastBridge />
        <RealtimeConnection />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}

/** Every provider of the SPA: i18n, antd (theme, dark/light, locale, App), react-query. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedProviders>{children}</ThemedProviders>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
