/** Asking the server again and again while the page is in view: the private order page follows a pending payment
 * this way until it lands. One request at a time; none while the tab is hidden; one at once when it shows again. */
import { useEffect, useRef } from "react";

export interface PollEnvironment {
  isVisible: () => boolean;
  /** Calls `listener` when the page's visibility changes; returns the unsubscribe. */
  onVisibilityChange: (listener: () => void) => () => void;
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

const browserPollEnvironment: PollEnvironment = {
  isVisible: () => typeof document === "undefined" || document.visibilityState !== "hidden",
  onVisibilityChange: (listener) => {
    document.addEventListener("visibilitychange", listener);
    return () => document.removeEventListener("visibilitychange", listener);
  },
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

/** Runs `tick` every `intervalMs` (counted from the end of the previous one) while the page is visible. Returns the
 * stop function. A tick that throws does not stop the polling. */
export function startVisiblePolling(
  tick: () => Promise<unknown>,
  intervalMs: number,
  env: PollEnvironment = browserPollEnvironment,
): () => void {
  let stopped = false;
  let timer: number | null = null;
  let running = false;

  const clear = () => {
    if (timer !== null) env.clearTimeout(timer);
    timer = null;
  };
  const schedule = () => {
    clear();
    if (!stopped && !running && env.isVisible()) timer = env.setTimeout(run, intervalMs);
  };
  function run() {
    timer = null;
    if (stopped || running) return;
    running = true;
    void tick()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        schedule();
      });
  }

  const unsubscribe = env.onVisibilityChange(() => {
    if (stopped) return;
    if (env.isVisible()) {
      clear();
      run();
    } else clear();
  });
  schedule();
  return () => {
    stopped = true;
    clear();
    unsubscribe();
  };
}

/** startVisiblePolling for a component: polls while `active`, with the latest `tick`. */
export function useVisiblePolling(tick: () => Promise<unknown>, intervalMs: number, active: boolean): void {
  const latest = useRef(tick);
  useEffect(() => {
    latest.current = tick;
  });
  useEffect(() => {
    if (!active) return;
    return startVisiblePolling(() => latest.current(), intervalMs);
  }, [active, intervalMs]);
}
