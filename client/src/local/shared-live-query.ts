/** One Dexie live query shared by every component that reads it: a single IndexedDB subscription and a
 * synchronous current value, instead of one query (and one extra render) per mounted component. */
import { useSyncExternalStore } from "react";
import { liveQuery, type Subscription } from "dexie";

export function sharedLiveQuery<T>(querier: () => Promise<T>, initial: T): () => T {
  let current = initial;
  let subscription: Subscription | null = null;
  const listeners = new Set<() => void>();

  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    subscription ??= liveQuery(querier).subscribe({
      next: (value) => {
        current = value;
        for (const notify of listeners) notify();
      },
      // A failed read keeps the last good value; the next change retries.
      error: () => undefined,
    });
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && subscription) {
        subscription.unsubscribe();
        subscription = null;
      }
    };
  };
  const read = (): T => current;
  return () => useSyncExternalStore(subscribe, read, read);
}
