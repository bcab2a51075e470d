/** Installing the app (docs/decisions.md D18): the browser's own prompt, kept from its `beforeinstallprompt` event and
 * offered by an "Install app" button (the console's sidebar, the storefront's menu); on iOS, which has no prompt, the
 * button explains "Add to Home Screen". Nothing shows once the app runs installed. */
import { useSyncExternalStore } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../ui/toast.tsx";

/** The event Chromium fires when the app can be installed (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export type InstallOffer = "prompt" | "ios" | null;

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const l of listeners) l();
}

function runsInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || (typeof matchMedia === "function" && matchMedia("(display-mode: standalone)").matches);
}

/** iPhone and iPad Safari: installed from the share menu only. */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1);
}

/** Called at boot, before the browser fires its event (it fires once, early). */
export function watchInstallPrompt(): void {
  if (typeof window === "undefined") return;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    installed = true;
    changed();
  });
}

function currentOffer(): InstallOffer {
  if (installed || runsInstalled()) return null;
  if (deferred) return "prompt";
  return isIos(navigator.userAgent, navigator.maxTouchPoints) ? "ios" : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, currentOffer, () => null);
}

async function install(): Promise<void> {
  const event = deferred;
  if (!event) return;
  // The browser's prompt can be shown once per event.
  deferred = null;
  changed();
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === "accepted") installed = true;
  changed();
}

export function InstallButton({ className }: { className: string }) {
  const { t } = useLingui();
  const offer = useInstallOffer();
  if (offer === null) return null;
  const onClick = () => {
    if (offer === "prompt") void install().catch(() => undefined);
    else
      toast(t`Install this app`, {
        id: "install-ios",
        description: t`In Safari, tap the Share button, then "Add to Home Screen".`,
        duration: 15_000,
      });
  };
  return (
    <button type="button" className={className} onClick={onClick} data-testid="install-app">
      {offer === "prompt" ? <Trans>Install app</Trans> : <Trans>Add to Home Screen</Trans>}
    </button>
  );
}
