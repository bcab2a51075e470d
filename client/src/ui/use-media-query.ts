/** Whether a CSS media query matches now, following it as it changes (a rotated phone, a changed system setting). */
import { useCallback, useSyncExternalStore } from "react";

const lists = new Map<string, MediaQueryList>();

/** One MediaQueryList per query (read at every render), or null where the browser has none. */
function listOf(query: string): MediaQueryList | null {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return null;
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    [query],
  );
  const read = () => listOf(query)?.matches ?? false;
  return useSyncExternalStore(subscribe, read, () => false);
}
