/**
 * A value held outside React, so that it outlives the component showing it (a recording or a
 * live stream must not stop because the reporter switched tabs), read with useSyncExternalStore.
 */
export interface SessionStore<T> {
  get(): T;
  set(next: Partial<T> | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore<T extends object>(initial: T): SessionStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = typeof next === 'function' ? next(value) : { ...value, ...next };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
