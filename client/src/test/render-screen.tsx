/** A storefront screen as the app shows it, for component tests: in a router kept in memory, under the i18n
 * provider, over a catalog stored on the device. Every other address is an empty page, so links and navigations
 * can be followed and read. */
import type { ReactNode } from "react";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
import type { Table } from "dexie";
import { I18nProvider } from "@lingui/react";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import type { SyncResponse } from "@store/shared/schemas/catalog";
import { activateLocale, i18n, loadMessages } from "../i18n/i18n.ts";
import type { Locale } from "../features/prefs/prefs-rules.ts";
import { db } from "../local/db.ts";
import { applySync } from "../local/apply-sync.ts";
import { syncResponse } from "./fixtures.ts";

/** Activates `locale` (with the order pages' words when `orders`) and stores `catalog` as a sync would. */
export async function prepareStorefront(
  catalog: Partial<SyncResponse>,
  { locale = "en", orders = false }: { locale?: Locale; orders?: boolean } = {},
): Promise<void> {
  await activateLocale(locale);
  if (orders) await loadMessages("orders");
  await applySync(db, syncResponse(catalog));
}

/** Renders `component` at `path` (a route pattern such as "/product/$id") opened at `at`; returns the router, whose
 * state says where the screen went. */
export function renderScreen(component: () => ReactNode, path: string, at: string = path) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const screen = createRoute({ getParentRoute: () => root, path, component });
  const elsewhere = createRoute({ getParentRoute: () => root, path: "$", component: () => null });
  const router = createRouter({
    routeTree: root.addChildren([screen, elsewhere]),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

/** A screen test file's clean-up: after each test the screen is unmounted, the mocks' calls are forgotten, `reset`
 * runs and `tables` are emptied, so no test sees another's; after the file, the fetch stub goes and the device's
 * database is deleted. */
export function cleanUpAfterScreens(tables: readonly Table[], reset?: () => void): void {
  afterEach(async () => {
    cleanup();
    vi.clearAllMocks();
    reset?.();
    for (const table of tables) await table.clear();
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await db.delete();
  });
}

/** The item of the list named `listName` whose text holds `text`, once the list shows (within 5 s). */
export async function listItemWith(listName: string, text: string): Promise<HTMLElement> {
  const list = await screen.findByRole("list", { name: listName }, { timeout: 5_000 });
  const item = within(list)
    .getAllByRole("listitem")
    .find((li) => li.textContent?.includes(text));
  if (!item) throw new Error(`no item holding ${text} in the list ${listName}`);
  return item;
}
