/** Service worker registration (workbox-window via vite-plugin-pwa):
 * asks before activating a new version (docs/decisions.md D18). */
import { registerSW } from "virtual:pwa-register";
import { t } from "@lingui/core/macro";
import { toast } from "../ui/toast.tsx";

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const updateSW = registerSW({
    // Registered after the page's load event: installing the service worker precaches the whole app,
    // which must not compete with the first page for the network and the main thread.
    immediate: false,
    onNeedRefresh() {
      // Never reload on our own: the shopper may be in the middle of a checkout.
      toast(t`A new version is available`, {
        id: "sw-update",
        duration: Number.POSITIVE_INFINITY,
        action: { label: t`Reload`, onClick: () => void updateSW(true) },
      });
    },
    onOfflineReady() {
      toast.success(t`The store is ready to work offline.`, { id: "sw-offline" });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // Look for a new version every hour while the app stays open.
      window.setInterval(
        () => {
          if (navigator.onLine) void registration.update();
        },
        60 * 60 * 1000,
      );
    },
  });
}
