import { useSettings } from '../../settings/settingsStore.ts';

declare global {
  interface Window {
    /** How many times the cue tone was played (read by the browser tests). */
    __cueToneCount?: number;
  }
}

/** Tones closer together than this are one tone (a burst of messages beeps once). */
const TONE_GAP_MS = 400;
let lastTone = 0;

/** Whether the page has had a user gesture (browsers refuse audio before one). */
function userActivated(): boolean {
  const ua = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  return ua ? ua.hasBeenActive : true;
}

/** Plays the cue tone for a new inbound message when the setting is on (SPEC §3 notifyCueTone). */
export function cueTone(play: () => void, now = Date.now()): boolean {
  if (!useSettings.getState().notifyCueTone || !userActivated()) return false;
  if (now - lastTone < TONE_GAP_MS) return false;
  lastTone = now;
  window.__cueToneCount = (window.__cueToneCount ?? 0) + 1;
  play();
  return true;
}

/**
 * Shows a desktop notification for a new message when the tab is hidden, the setting is on
 * (keyboardEventNotify) and the user allowed notifications.
 */
export function desktopNotify(title: string, body: string, onClick: () => void): void {
  if (!useSettings.getState().keyboardEventNotify) return;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  if (document.visibilityState !== 'hidden') return;
  try {
    const n = new Notification(title, { body, tag: 'cst-inbox' });
    n.onclick = () => {
      window.focus();
      onClick();
      n.close();
    };
  } catch {
    // Some browsers only allow notifications from a service worker; the tone and title remain.
  }
}

let permissionAsked = false;

/**
 * Asks for the notification permission once, on the user's first click or key press (browsers
 * ignore requests without a gesture), when the setting is on and the user has not decided yet.
 */
export function askNotificationPermissionOnce(): () => void {
  if (permissionAsked || typeof Notification === 'undefined') return () => undefined;
  const ask = () => {
    cleanup();
    if (permissionAsked || Notification.permission !== 'default') return;
    if (!useSettings.getState().keyboardEventNotify) return;
    permissionAsked = true;
    void Notification.requestPermission().catch(() => undefined);
  };
  const cleanup = () => {
    window.removeEventListener('pointerdown', ask, true);
    window.removeEventListener('keydown', ask, true);
  };
  window.addEventListener('pointerdown', ask, true);
  window.addEventListener('keydown', ask, true);
  return cleanup;
}
