import { useCallback } from 'react';
import { useSettings } from './settingsStore.ts';

let audio: AudioContext | null = null;

/** Plays a short two-note cue with Web Audio (no sound file to download). */
function playTone(): void {
  const Ctx = window.AudioContext;
  if (!Ctx) return;
  audio ??= new Ctx();
  const ctx = audio;
  const start = ctx.currentTime;
  for (const [i, freq] of [880, 1320].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start + i * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.2, start + i * 0.12 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.12 + 0.11);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + i * 0.12);
    osc.stop(start + i * 0.12 + 0.12);
  }
}

/**
 * The message cue tone for the inbox: returns a function that plays it when the user has the
 * cue tone on (settings `notifyCueTone`), and does nothing otherwise.
 */
export function useCueTone(): () => void {
  const enabled = useSettings((s) => s.notifyCueTone);
  return useCallback(() => {
    if (!enabled) return;
    try {
      playTone();
    } catch {
      // Browsers refuse audio before the first user gesture; a missed cue is harmless.
    }
  }, [enabled]);
}

/**
 * Desktop notifications for the inbox (settings `keyboardEventNotify`): returns a function that
 * shows one when the setting is on, the browser allows it and the page is not in front.
 */
export function useKeyboardEventNotify(): (title: string, body: string) => void {
  const enabled = useSettings((s) => s.keyboardEventNotify);
  return useCallback(
    (title, body) => {
      if (!enabled || typeof Notification === 'undefined') return;
      if (document.visibilityState === 'visible' && document.hasFocus()) return;
      if (Notification.permission === 'granted') new Notification(title, { body });
      else if (Notification.permission === 'default') void Notification.requestPermission();
    },
    [enabled],
  );
}
