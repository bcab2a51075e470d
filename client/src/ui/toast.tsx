/** Toasts whose library (sonner) loads only when the page first has something to say: a visit that shows no
 * toast never downloads it. Callers stay synchronous; a toast made before sonner is ready waits in a queue. */
import { useEffect, useState, type ComponentProps } from "react";
import type * as SonnerModule from "sonner";
import type { ExternalToast, Toaster as SonnerToaster } from "sonner";

type Sonner = typeof SonnerModule;
type Show = (sonner: Sonner) => void;

/** How long sonner's live region stays empty in the page before the queued toasts go into it: a screen reader
 * announces what is added to a live region it already knows, not the content a new region arrives with. */
export const REGION_SETTLE_MS = 250;

let loading: Promise<Sonner> | null = null;
let loaded: Sonner | null = null;
/** Set while a Toaster is mounted and its live region has settled: toasts then go straight to sonner. */
let ready: Sonner | null = null;
const queue: Show[] = [];
const onLoad = new Set<(sonner: Sonner) => void>();

function loadSonner(): void {
  if (loading) return;
  loading = import("sonner");
  loading.then(
    (sonner) => {
      loaded = sonner;
      for (const listener of onLoad) listener(sonner);
    },
    () => {
      // Its file could not be fetched (the network dropped before the service worker stored the app): the
      // next toast, or the network's return, asks again; the queued toasts wait for it.
      loading = null;
    },
  );
}

function flush(sonner: Sonner): void {
  ready = sonner;
  for (const make of queue.splice(0)) make(sonner);
}

function show(make: Show): void {
  if (ready) {
    make(ready);
    return;
  }
  queue.push(make);
  loadSonner();
}

/** sonner's toast, toast.success, toast.error and toast.info. */
export const toast = Object.assign(
  (message: string, data?: ExternalToast): void => show((s) => s.toast(message, data)),
  {
    success: (message: string, data?: ExternalToast): void => show((s) => s.toast.success(message, data)),
    error: (message: string, data?: ExternalToast): void => show((s) => s.toast.error(message, data)),
    info: (message: string, data?: ExternalToast): void => show((s) => s.toast.info(message, data)),
  },
);

/** sonner's Toaster, rendered once the first toast has loaded sonner. */
export function LazyToaster(props: ComponentProps<typeof SonnerToaster>) {
  const [sonner, setSonner] = useState<Sonner | null>(loaded);
  useEffect(() => {
    onLoad.add(setSonner);
    if (loaded) setSonner(loaded);
    const retry = () => {
      if (queue.length > 0) loadSonner();
    };
    window.addEventListener("online", retry);
    return () => {
      onLoad.delete(setSonner);
      window.removeEventListener("online", retry);
    };
  }, []);
  useEffect(() => {
    if (!sonner) return;
    const timer = setTimeout(() => flush(sonner), REGION_SETTLE_MS);
    return () => {
      clearTimeout(timer);
      ready = null;
    };
  }, [sonner]);
  return sonner ? <sonner.Toaster {...props} /> : null;
}
