import { useCallback, useEffect, useState } from 'react';

/** A seconds countdown: `[secondsLeft, start(until ms since the epoch)]`. */
export function useCountdown(): [number, (until: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(timer);
  }, [until, now]);
  const start = useCallback((at: number) => {
    setUntil(at);
    setNow(Date.now());
  }, []);
  return [Math.max(0, Math.ceil((until - now) / 1000)), start];
}
