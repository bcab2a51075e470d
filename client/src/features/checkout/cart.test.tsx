// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "../../local/db.ts";
import { storedCartLines } from "../../test/store-db.ts";
import { product, storeSettings } from "../../test/fixtures.ts";
import { answering } from "../../test/fetch-stub.ts";
import { cleanUpAfterScreens, listItemWith, prepareStorefront, renderScreen } from "../../test/render-screen.tsx";
import { addToCart } from "../cart/cart-store.ts";
import { setCurrency } from "../prefs/prefs-store.ts";
import { CheckoutPage } from "./checkout-page.tsx";

vi.mock("../../ui/toast.tsx", () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const WAIT = { timeout: 5_000 };
const STEAM = product("steam", {
  title: "Steam Wallet",
  price: { USD: 1000, TND: 3200, EUR: 950, EGP: 50_000 },
});
const NETFLIX = product("netflix", {
  title: "Netflix",
  price: { USD: 1500, TND: 4800, EUR: 1400, EGP: 75_000 },
  variants: [{ id: "m3", name: "3 months", price: { USD: 4000, TND: 12_800, EUR: 3700, EGP: 200_000 } }],
});

/** The cart's line for `title`, as the shopper sees it listed. */
const lineOf = (title: string) => listItemWith("Items in your cart", title);

const subtotal = () => screen.getByTestId("cart-subtotal").textContent;

beforeAll(async () => {
  await prepareStorefront(
    {
      products: [STEAM, NETFLIX],
      settings: storeSettings({ maxQtyPerOrder: 3 }),
    },
    { orders: true },
  );
  // No payment method is known: the page orders as it does while the store cannot be asked.
  answering(503, {});
});

cleanUpAfterScreens([db.cart], () => setCurrency("USD"));

// Each test waits on IndexedDB and React several times: on a loaded machine that takes longer than the default.
describe("the cart", { timeout: 20_000 }, () => {
  it("lists what is added, changes quantities and removes lines, in IndexedDB and on screen", async () => {
    renderScreen(CheckoutPage, "/cart");
    expect(await screen.findByRole("heading", { name: "Your cart is empty" }, WAIT)).toBeTruthy();

    await act(() => addToCart("steam"));
    await act(() => addToCart("netflix", 1, "m3"));
    const steam = await lineOf("Steam Wallet");
    expect(within(steam).getByTestId("line-unit-qty").textContent).toBe("$10.00 × 1");
    expect((await lineOf("Netflix")).textContent).toContain("3 months");
    await waitFor(() => expect(subtotal()).toBe("$50.00"), WAIT);

    fireEvent.click(within(steam).getByRole("button", { name: "Increase quantity of Steam Wallet" }));
    await waitFor(() => expect(within(steam).getByTestId("line-qty").textContent).toBe("2"), WAIT);
    await waitFor(() => expect(subtotal()).toBe("$60.00"), WAIT);
    expect(await storedCartLines(db)).toEqual([
      { id: "steam", variantId: undefined, qty: 2 },
      { id: "netflix", variantId: "m3", qty: 1 },
    ]);

    const netflix = await lineOf("Netflix");
    fireEvent.click(within(netflix).getByRole("button", { name: "Remove Netflix — 3 months from cart" }));
    await waitFor(() => expect(screen.queryByText("3 months")).toBeNull(), WAIT);
    expect(await storedCartLines(db)).toEqual([{ id: "steam", variantId: undefined, qty: 2 }]);
    await waitFor(() => expect(subtotal()).toBe("$20.00"), WAIT);

    // Down to zero takes the line out, and the cart says it is empty.
    fireEvent.click(within(steam).getByRole("button", { name: "Decrease quantity of Steam Wallet" }));
    await waitFor(() => expect(within(steam).getByTestId("line-qty").textContent).toBe("1"), WAIT);
    fireEvent.click(within(steam).getByRole("button", { name: "Decrease quantity of Steam Wallet" }));
    expect(await screen.findByRole("heading", { name: "Your cart is empty" }, WAIT)).toBeTruthy();
    expect(await db.cart.count()).toBe(0);
  });

  it("prices the lines and the total in the currency the shopper chooses", async () => {
    await addToCart("steam", 2);
    await addToCart("netflix");
    renderScreen(CheckoutPage, "/cart");
    await waitFor(() => expect(subtotal()).toBe("$35.00"), WAIT);

    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "EUR" } });
    await waitFor(() => expect(subtotal()).toBe("€33.00"), WAIT);
    expect(within(await lineOf("Steam Wallet")).getByTestId("line-unit-qty").textContent).toBe("€9.50 × 2");
    expect(screen.getByTestId("checkout-total").textContent).toBe("€33.00");
    expect(localStorage.getItem("currency") ?? "").toContain("EUR");
  });

  it("stops at the store's limit per order, and says what it cannot price", async () => {
    await addToCart("steam", 3);
    await addToCart("gone");
    renderScreen(CheckoutPage, "/cart");
    const steam = await lineOf("Steam Wallet");
    const more = within(steam).getByRole("button", { name: "Increase quantity of Steam Wallet" });
    expect(more).toHaveProperty("disabled", true);
    expect(within(steam).getByTestId("line-qty-limit").textContent).toBe("Maximum 3 per order");
    fireEvent.click(more);
    expect((await storedCartLines(db))[0]).toEqual({ id: "steam", variantId: undefined, qty: 3 });

    const gone = await lineOf("Unavailable product");
    expect(gone.textContent).toContain("Price unavailable");
    expect(subtotal()).toBe("$30.00");
  });
});
