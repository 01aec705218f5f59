import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SessionStore } from './session-store.ts';

export function useSession<T>(store: SessionStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Whole seconds since `since` (a Date.now() value), ticking once a second; 0 while `since` is null. */
export function useElapsedSeconds(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}
