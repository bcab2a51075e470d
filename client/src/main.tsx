import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider, createRouter } from "@tanstack/react-router";
import { I18nProvider } from "@lingui/react";
import { routeTree } from "./route-tree.gen.ts";
import { activateLocale, i18n } from "./i18n/i18n.ts";
import { applyToDocument, getLang, watchSystemTheme } from "./features/prefs/prefs-store.ts";
import { NotFoundPage } from "./features/layout/not-found-page.tsx";
import { startCatalogSync } from "./local/catalog-sync.ts";
import { registerServiceWorker } from "./app/pwa-update.ts";
import "./ui/base.css";
import "./ui/components.css";

const router = createRouter({
  routeTree,
  scrollRestoration: true,
  defaultPreload: "intent",
  defaultNotFoundComponent: NotFoundPage,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

async function boot(): Promise<void> {
  applyToDocument();
  watchSystemTheme();
  startCatalogSync();
  await activateLocale(getLang());
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
  registerServiceWorker();
}

void boot();
