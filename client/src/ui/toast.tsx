/** Toasts whose library (sonner) stays out of the first page's JavaScript: it loads when
 * the page is idle after its first render, or at the first toast if that comes sooner. */
import { useEffect, useState, type ComponentProps } from "react";
import type * as SonnerModule from "sonner";
import type { ExternalToast, Toaster as SonnerToaster } from "sonner";

type Sonner = typeof SonnerModule;

let loading: Promise<Sonner> | null = null;
let loaded: Sonner | null = null;
const onLoad = new Set<(sonner: Sonner) => void>();

function loadSonner(): Promise<Sonner> {
  if (!loading) {
    loading = import("sonner");
    void loading.then((sonner) => {
      loaded = sonner;
      for (const listener of onLoad) listener(sonner);
    });
  }
  return loading;
}

/** A toast made before the Toaster has mounted still shows: sonner replays active toasts to it. */
function show(make: (sonner: Sonner) => void): void {
  void loadSonner().then(make);
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

/** sonner's Toaster, rendered once sonner has loaded. */
export function LazyToaster(props: ComponentProps<typeof SonnerToaster>) {
  const [sonner, setSonner] = useState<Sonner | null>(loaded);
  useEffect(() => {
    onLoad.add(setSonner);
    if (loaded) setSonner(loaded);
    const load = () => void loadSonner();
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(load, 1000);
      return () => {
        onLoad.delete(setSonner);
        clearTimeout(timer);
      };
    }
    const idle = requestIdleCallback(load, { timeout: 4000 });
    return () => {
      onLoad.delete(setSonner);
      cancelIdleCallback(idle);
    };
  }, []);
  return sonner ? <sonner.Toaster {...props} /> : null;
}
