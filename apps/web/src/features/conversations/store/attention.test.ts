import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Perm = 'default' | 'granted' | 'denied';

class FakeNotification {
  static permission: Perm = 'default';
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  static shown: { title: string; body?: string }[] = [];
  onclick: (() => void) | null = null;
  constructor(title: string, opts?: { body?: string }) {
    FakeNotification.shown.push({ title, body: opts?.body });
  }
  close() {}
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

/** Fresh modules per test (the permission is asked once per page load). */
async function load() {
  const { useSettings } = await import('../../settings/settingsStore.ts');
  useSettings.setState({ notifyCueTone: true, keyboardEventNotify: true });
  return { useSettings, ...(await import('./attention.ts')) };
}

describe('attention', () => {
  beforeEach(() => {
    vi.resetModules();
    FakeNotification.permission = 'default';
    FakeNotification.shown = [];
    FakeNotification.requestPermission.mockClear();
    vi.stubGlobal('Notification', FakeNotification);
    window.__cueToneCount = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setVisibility('visible');
  });

  it('plays the cue tone only with the setting on, once per burst, and counts it', async () => {
    const { cueTone, useSettings } = await load();
    const play = vi.fn();
    expect(cueTone(play, 10_000)).toBe(true);
    expect(cueTone(play, 10_100)).toBe(false);
    expect(cueTone(play, 10_500)).toBe(true);
    useSettings.setState({ notifyCueTone: false });
    expect(cueTone(play, 20_000)).toBe(false);
    expect(play).toHaveBeenCalledTimes(2);
    expect(window.__cueToneCount).toBe(2);
  });

  it('notifies only when the tab is hidden, the setting is on and the user allowed it', async () => {
    const { desktopNotify, useSettings } = await load();
    FakeNotification.permission = 'granted';
    desktopNotify('张三 发来新消息', '你好', () => undefined);
    setVisibility('hidden');
    desktopNotify('张三 发来新消息', '你好', () => undefined);
    useSettings.setState({ keyboardEventNotify: false });
    desktopNotify('李四 发来新消息', '在吗', () => undefined);
    useSettings.setState({ keyboardEventNotify: true });
    FakeNotification.permission = 'denied';
    desktopNotify('王五 发来新消息', '？', () => undefined);
    expect(FakeNotification.shown).toEqual([{ title: '张三 发来新消息', body: '你好' }]);
  });

  it('asks for the permission once, on the first user gesture', async () => {
    const { askNotificationPermissionOnce } = await load();
    askNotificationPermissionOnce();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    askNotificationPermissionOnce();
    window.dispatchEvent(new Event('pointerdown'));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });
});
