// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "../../local/db.ts";
import { applySync } from "../../local/apply-sync.ts";
import { activateLocale, loadMessages } from "../../i18n/i18n.ts";
import { product, storeSettings, syncResponse } from "../../test/fixtures.ts";
import { answering } from "../../test/fetch-stub.ts";
import { cleanUpAfterScreens, listItemWith, renderScreen } from "../../test/render-screen.tsx";
import { addToCart } from "../cart/cart-store.ts";
import { CheckoutPage } from "./checkout-page.tsx";

vi.mock("../../ui/toast.tsx", () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const WAIT = { timeout: 5_000 };
const STEAM = product("steam", { title: "Steam Wallet", price: { USD: 1000, TND: 3200, EUR: 950, EGP: 50_000 } });

beforeAll(async () => {
  await activateLocale("en");
  await loadMessages("orders");
  // No payment method is known: the page orders as it does while the store cannot be asked.
  answering(503, {});
});

cleanUpAfterScreens([db.cart]);

// Each test waits on IndexedDB and React several times: on a loaded machine that takes longer than the default.
describe("a cart opened before the catalog is stored", { timeout: 20_000 }, () => {
  it("waits with a dash for what it cannot price yet, and never reads unavailable or $0.00 meanwhile", async () => {
    await addToCart("steam", 2);
    renderScreen(CheckoutPage, "/cart");
    const line = await listItemWith("Items in your cart", "…");
    expect(within(line).getByTestId("figure-pending").textContent).toBe("—Loading…");
    expect(screen.getByTestId("cart-subtotal").textContent).toBe("—Loading…");

    // Every text the cart shows while the catalog is stored and read back.
    const seen: string[] = [];
    const watcher = new MutationObserver(() => seen.push(document.body.textContent));
    watcher.observe(document.body, { subtree: true, childList: true, characterData: true });
    await applySync(db, syncResponse({ products: [STEAM], settings: storeSettings() }));
    await waitFor(() => expect(screen.getByTestId("cart-subtotal").textContent).toBe("$20.00"), WAIT);
    watcher.disconnect();

    expect(
      within(await listItemWith("Items in your cart", "Steam Wallet")).getByTestId("line-unit-qty").textContent,
    ).toBe("$10.00 × 2");
    const falseFigures = seen.filter((text) => /Unavailable product|Price unavailable|\$0\.00/.test(text));
    expect(falseFigures).toEqual([]);
  });
});
