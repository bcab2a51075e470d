import { StrictMode, startTransition, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider, createRouter } from "@tanstack/react-router";
import { I18nProvider } from "@lingui/react";
import { routeTree } from "./route-tree.gen.ts";
import { activateLocale, i18n } from "./i18n/i18n.ts";
import { applyToDocument, getLang, watchSystemTheme } from "./features/prefs/prefs-store.ts";
import { NotFoundPage } from "./features/layout/not-found-page.tsx";
import { catalogStored, firstCatalog, startCatalogSync, syncSettled } from "./local/catalog-sync.ts";
import { prefetchImagesAfterSyncs } from "./app/image-prefetch.ts";
import { registerServiceWorker } from "./app/pwa-update.ts";
import { watchInstallPrompt } from "./app/install-app.tsx";
import { keepFirstSettings, primeCatalog, primeProduct, seedCatalog } from "./features/catalog/catalog-hooks.ts";
import { confirmEarlyLines, moveEarlyLines } from "./features/cart/early-lines.ts";
import "./ui/base.css";
import "./ui/components.css";

const router = createRouter({
  routeTree,
  scrollRestoration: true,
  // A new page opens at its top at once: under the page's smooth scrolling (kept for links within a page) the
  // shopper would see the new page where the last one was scrolled, then watch it glide up.
  scrollRestorationBehavior: "instant",
  defaultPreload: "intent",
  defaultNotFoundComponent: NotFoundPage,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

/** How long a first visit shows the boot shell while its first screen's answer arrives, before rendering
 * without it. */
const FIRST_CATALOG_WAIT_MS = 2000;

/** Settles when the browser has a quiet moment (at most 3 s from now). */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback.
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 200);
  });
}

let firstPageRendered: () => void = () => undefined;
/** Settles once the first page has been committed and the browser has a quiet moment. */
const afterFirstPage = new Promise<void>((resolve) => {
  firstPageRendered = () => void whenIdle().then(resolve);
});

/** The user-timing mark set once the first page is committed and its buttons answer: scripts/bench reads it
 * (Lighthouse's "user timings") to tell the JavaScript a page needs before it works from what loads after. */
const PAGE_WORKS_MARK = "page-works";

function FirstPageSignal() {
  useEffect(() => {
    performance.mark(PAGE_WORKS_MARK);
    firstPageRendered();
  }, []);
  return null;
}

/** A stored catalog's first page: what the home shows, and the product a product page opens on. */
async function primeFirstPage(): Promise<void> {
  const product = /^\/product\/([^/]+)\/?$/.exec(location.pathname)?.[1];
  await Promise.all([primeCatalog(), product ? primeProduct(decodeURIComponent(product)) : undefined]);
}

async function boot(): Promise<void> {
  // Evaluating the app's modules is one long task; booting in the next task splits that work in two,
  // so a tap or a frame can come in between.
  await new Promise((resolve) => setTimeout(resolve, 0));
  applyToDocument();
  watchInstallPrompt();
  watchSystemTheme();
  // A first visit to a storefront page waits (briefly) for its first screen's small answer, so it renders once
  // with its data; the catalog is synced in pages after that first page (a later visit reads IndexedDB).
  const storefront = !/^\/(admin|orders)(\/|$)/.test(location.pathname);
  const firstAnswer = storefront ? firstCatalog(FIRST_CATALOG_WAIT_MS, afterFirstPage) : null;
  const earlyMoved = moveEarlyLines().catch(() => 0);
  startCatalogSync();
  prefetchImagesAfterSyncs();
  // The router resolves the page (and loads its code) meanwhile, so the first render is the whole page.
  await Promise.all([
    activateLocale(getLang()),
    firstAnswer?.then((answer) => {
      if (!answer) return primeFirstPage();
      seedCatalog(answer, catalogStored);
      // After the first page, which it must not delay: the first tap on "Add to cart" comes later.
      void afterFirstPage.then(() => keepFirstSettings(answer));
    }),
    router.load(),
    earlyMoved,
  ]);
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  // A transition lets React render the first page in slices, so input stays responsive while it does.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
          <FirstPageSignal />
        </I18nProvider>
      </StrictMode>,
    ),
  );
  // Installing the service worker precaches the app (dozens of requests and cache writes): it waits until the
  // first page is on screen and its catalog stored, then for the network to go quiet (registerServiceWorker), so
  // it never competes with them on a slow phone.
  void afterFirstPage.then(syncSettled).then(whenIdle).then(registerServiceWorker);
  // A tap on the server's first screen while the app rendered over it; then the shopper hears that the taps went in.
  void afterFirstPage
    .then(async () => confirmEarlyLines((await earlyMoved) + (await moveEarlyLines().catch(() => 0))))
    .catch(() => undefined);
}

void boot();
