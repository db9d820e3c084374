import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { queryClient } from '../lib/queryClient.ts';
import { RealtimeConnection } from '../lib/realtime/RealtimeConnection.tsx';
import { backgroundCss } from '../features/settings/backgrounds.ts';
import { useSettings } from '../features/settings/settingsStore.ts';

/** Applies the settings to the page: colour scheme, primary colour and background. */
function SettingsOnPage() {
  const light = useSettings((s) => s.themeMode);
  const color = useSettings((s) => s.themeColor);
  const bag = useSettings((s) => s.themeBagImg);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = light ? 'light' : 'dark';
    root.style.setProperty('--app-bg', backgroundCss(bag, light));
    root.style.setProperty('--app-primary', color);
    root.style.colorScheme = light ? 'light' : 'dark';
  }, [light, bag, color]);
  return null;
}

/**
 * The providers every screen needs: i18n, react-query and the settings on the page. antd's
 * providers (theme, locale, App) are in {@link AntdFrame}, loaded with the first antd page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SettingsOnPage />
        <RealtimeConnection />
        {children}
      </QueryClientProvider>
    </I18nextProvider>
  );
}
