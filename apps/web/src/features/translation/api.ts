import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import type {
  TranslateAutoSettings,
  TranslateLanguage,
  TranslatePush,
  TranslateSettings,
  TranslateSettingsBody,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

/** Translation calls (API.md Translation). */
export const translationApi = {
  capability: () =>
    mainApi.get<{ enabled: boolean }>('/api/v1/translate/capability', undefined, { silent: true }),
  languages: () => mainApi.get<{ list: TranslateLanguage[] }>('/api/v1/translate/languages'),
  message: (messageId: string, target: string) =>
    mainApi.post<{ text: string }>('/api/v1/translate/message', { messageId, target }),
  text: (text: string, target: string, source?: string) =>
    mainApi.post<{ text: string; source: string }>('/api/v1/translate/text', {
      text,
      target,
      ...(source ? { source } : {}),
    }),
  settings: () => mainApi.get<TranslateSettings>('/api/v1/translate/settings'),
  saveSettings: (body: TranslateSettingsBody) =>
    mainApi.post<TranslateSettings>('/api/v1/translate/settings', body),
  resetSettings: () => mainApi.post<TranslateSettings>('/api/v1/translate/settings/reset'),
  testSettings: (body: TranslateSettingsBody) =>
    mainApi.post<{ languages: number; sample: string }>('/api/v1/translate/settings/test', body),
  messages: (indexName: string, messageIds: string[], target: string) =>
    mainApi.post<{ list: TranslatePush[] }>(
      '/api/v1/translate/messages',
      { index_name: indexName, messageIds, target },
      { silent: true },
    ),
  autoGet: (indexName: string) =>
    mainApi.post<TranslateAutoSettings>('/api/v1/translate/auto/get', { index_name: indexName }),
  autoSet: (body: { index_name: string; enabled: boolean; seatLang?: string; peerLang?: string }) =>
    mainApi.post<TranslateAutoSettings>('/api/v1/translate/auto/set', body),
};

/** Query keys of the translation assistant. */
export const translateKeys = {
  auto: (indexName: string) => ['translate', 'auto', indexName] as const,
};

/** The caller's auto translation of a conversation (off while unknown or without a provider). */
export function useAutoTranslate(indexName: string): TranslateAutoSettings | null {
  const enabled = useTranslateEnabled();
  const { data } = useQuery({
    queryKey: translateKeys.auto(indexName),
    queryFn: () => translationApi.autoGet(indexName),
    enabled: enabled && Boolean(indexName),
    staleTime: 5 * 60_000,
  });
  return enabled && data?.enabled ? data : null;
}

/** Whether the server has a translation provider: undefined until known. */
export function useTranslateCapability(): boolean | undefined {
  const { data } = useQuery({
    queryKey: ['translate', 'capability'],
    queryFn: translationApi.capability,
    staleTime: Infinity,
  });
  return data?.enabled;
}

/** Whether the server has a translation provider (the assistant's controls need one). */
export function useTranslateEnabled(): boolean {
  return useTranslateCapability() === true;
}

const LANG_KEY = 'cst.translateTarget';

/** The language chosen to translate into (kept in local storage). */
export const useTranslateTarget = create<{ target: string; setTarget: (t: string) => void }>(
  (set) => ({
    target: (typeof localStorage !== 'undefined' && localStorage.getItem(LANG_KEY)) || '',
    setTarget: (target) => {
      localStorage.setItem(LANG_KEY, target);
      set({ target });
    },
  }),
);

/** A language's name as the provider gives it (its code until the list has loaded). */
export function useTranslateLanguageName(code: string | null): string {
  const enabled = useTranslateEnabled();
  const { data } = useQuery({
    queryKey: ['translate', 'languages'],
    queryFn: translationApi.languages,
    enabled: enabled && code !== null,
    staleTime: Infinity,
  });
  if (!code) return '';
  return data?.list.find((l) => l.code === code)?.name ?? code;
}
