/** One Dexie live query shared by every component that reads it: a single IndexedDB subscription and a
 * synchronous current value, instead of one query (and one extra render) per mounted component. */
import { useSyncExternalStore } from "react";
import { liveQuery, type Subscription } from "dexie";

export interface SharedLiveQuery<T> {
  /** The React hook: the current value, re-rendering when the query's answer changes. */
  (): T;
  /** Calls the listener whenever the value changes (what the hook subscribes with); returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  /** Reads the answer once before anything subscribes, so the first render already has it. */
  prime: () => Promise<void>;
  /** Takes a value known before IndexedDB has it (a first visit's sync answer): readers see it at once,
   * and the live query starts only once `stored` settles, so it never reads the tables half filled. */
  seed: (value: T, stored: Promise<unknown>) => void;
}

export function sharedLiveQuery<T>(
  querier: () => Promise<T>,
  initial: T,
  /** Two answers that render the same: a new answer equal to the current one does not re-render. */
  same: (a: T, b: T) => boolean = Object.is,
): SharedLiveQuery<T> {
  let current = initial;
  let subscription: Subscription | null = null;
  let held: Promise<unknown> | null = null;
  const listeners = new Set<() => void>();

  const start = (): void => {
    if (subscription || held || listeners.size === 0) return;
    subscription = liveQuery(querier).subscribe({
      next: (value) => {
        if (same(value, current)) return;
        current = value;
        for (const notify of listeners) notify();
      },
      // A failed read keeps the last good value; the next change retries.
      error: () => undefined,
    });
  };
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    start();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && subscription) {
        subscription.unsubscribe();
        subscription = null;
      }
    };
  };
  const read = (): T => current;
  const useSharedValue = () => useSyncExternalStore(subscribe, read, read);
  const prime = async (): Promise<void> => {
    if (subscription) return;
    try {
      current = await querier();
    } catch {
      // the live query will try again once something subscribes
    }
  };
  const seed = (value: T, stored: Promise<unknown>): void => {
    current = value;
    const gate = stored.then(
      () => undefined,
      () => undefined,
    );
    held = gate;
    void gate.then(() => {
      if (held !== gate) return;
      held = null;
      start();
    });
  };
  return Object.assign(useSharedValue, { subscribe, prime, seed });
}

/** Structural equality for what IndexedDB gives back (plain objects, arrays, strings, numbers, booleans, null). */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && sameData(x[k], y[k]));
}
