import { create } from 'zustand';
import { STORAGE_KEYS } from '../../lib/storage/keys.ts';
import { BACKGROUNDS } from './backgrounds.ts';

/** The user's display and notification settings (SPEC §3 Settings). */
export interface Settings {
  /** true: light mode; false: dark mode. */
  themeMode: boolean;
  /** Background image id (see backgrounds.ts). */
  themeBagImg: string;
  /** Primary colour of the theme. */
  themeColor: string;
  /** Play a cue tone when a message arrives. */
  notifyCueTone: boolean;
  /** Show a desktop notification when a message arrives. */
  keyboardEventNotify: boolean;
}

/** Colours the settings drawer offers. */
export const THEME_COLORS = ['#1677ff', '#07c160', '#722ed1', '#fa541c', '#eb2f96', '#13a8a8'];

/** The spec's defaults (SPEC §9). */
export const DEFAULT_SETTINGS: Settings = {
  themeMode: true,
  themeBagImg: 'bag003',
  themeColor: THEME_COLORS[0]!,
  notifyCueTone: true,
  keyboardEventNotify: true,
};

/** Reads the stored settings; each missing or malformed field falls back to its default. */
export function readSettings(): Settings {
  let raw: Partial<Record<keyof Settings, unknown>> = {};
  try {
    raw = JSON.parse(localStorage.getItem(STORAGE_KEYS.settings) ?? '{}') ?? {};
  } catch {
    raw = {};
  }
  const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
  return {
    themeMode: bool(raw.themeMode, DEFAULT_SETTINGS.themeMode),
    themeBagImg:
      typeof raw.themeBagImg === 'string' && BACKGROUNDS.some((b) => b.id === raw.themeBagImg)
        ? raw.themeBagImg
        : DEFAULT_SETTINGS.themeBagImg,
    themeColor:
      typeof raw.themeColor === 'string' && /^#[0-9a-f]{6}$/i.test(raw.themeColor)
        ? raw.themeColor
        : DEFAULT_SETTINGS.themeColor,
    notifyCueTone: bool(raw.notifyCueTone, DEFAULT_SETTINGS.notifyCueTone),
    keyboardEventNotify: bool(raw.keyboardEventNotify, DEFAULT_SETTINGS.keyboardEventNotify),
  };
}

interface SettingsState extends Settings {
  /** Changes some settings and stores them. */
  update: (patch: Partial<Settings>) => void;
  /** Back to the defaults. */
  restoreDefaults: () => void;
}

const persist = (s: Settings) => localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(s));
const pick = (s: SettingsState): Settings => ({
  themeMode: s.themeMode,
  themeBagImg: s.themeBagImg,
  themeColor: s.themeColor,
  notifyCueTone: s.notifyCueTone,
  keyboardEventNotify: s.keyboardEventNotify,
});

/** The settings store (kept in local storage, and kept on logout). */
export const useSettings = create<SettingsState>()((set, get) => ({
  ...readSettings(),
  update: (patch) => {
    set(patch);
    persist(pick(get()));
  },
  restoreDefaults: () => {
    set(DEFAULT_SETTINGS);
    persist(DEFAULT_SETTINGS);
  },
}));
