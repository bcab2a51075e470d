// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "../../local/db.ts";
import { toast } from "../../ui/toast.tsx";
import { product, storeSettings } from "../../test/fixtures.ts";
import { serving } from "../../test/fetch-stub.ts";
import { cleanUpAfterScreens, listItemWith, prepareStorefront, renderScreen } from "../../test/render-screen.tsx";
import { ProductPage } from "../catalog/product-page.tsx";
import { WishlistPage } from "./wishlist-page.tsx";

vi.mock("../../ui/toast.tsx", () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const WAIT = { timeout: 5_000 };
const STEAM_PRICE = { USD: 2000, TND: 6400, EUR: 1900, EGP: 100_000 };

const openWishlist = () => renderScreen(WishlistPage, "/wishlist");

/** The wishlist's entry for `name`, as listed. */
const itemOf = (name: string) => listItemWith("Saved products", name);

beforeAll(async () => {
  await prepareStorefront({
    products: [
      product("steam", { title: "Steam Wallet", price: STEAM_PRICE }),
      product("spotify", { title: "Spotify Premium", price: { USD: 1000, TND: 3200, EUR: 950, EGP: 50_000 } }),
    ],
    settings: storeSettings(),
  });
  serving({});
});

cleanUpAfterScreens([db.wishlist, db.cart]);

// Each test waits on IndexedDB and React several times: on a loaded machine that takes longer than the default.
describe("the wishlist", { timeout: 20_000 }, () => {
  it("is filled by the product page's heart, with the prices seen, and kept on the device for the next visit", async () => {
    renderScreen(() => <ProductPage id="steam" />, "/product/$id", "/product/steam");
    const heart = await screen.findByRole("button", { name: "Add to wishlist" }, WAIT);
    expect(heart.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute("aria-pressed")).toBe("true"), WAIT);
    expect(toast).toHaveBeenCalledWith("Added to wishlist");
    expect(await db.wishlist.toArray()).toEqual([
      { productId: "steam", addedAt: expect.any(Number), prices: STEAM_PRICE },
    ]);
    cleanup();

    openWishlist();
    const steam = await itemOf("Steam Wallet");
    expect(steam.textContent).toContain("$20.00");
    expect(steam.textContent).toContain("In stock");
  });

  it("a second tap on the heart takes the product off again", async () => {
    await db.wishlist.put({ productId: "steam", addedAt: 1, prices: STEAM_PRICE });
    renderScreen(() => <ProductPage id="steam" />, "/product/$id", "/product/steam");
    const heart = await screen.findByRole("button", { name: "Add to wishlist" }, WAIT);
    await waitFor(() => expect(heart.getAttribute("aria-pressed")).toBe("true"), WAIT);
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute("aria-pressed")).toBe("false"), WAIT);
    expect(toast).toHaveBeenCalledWith("Removed from wishlist");
    expect(await db.wishlist.count()).toBe(0);
  });

  it("says how a price moved since it was saved, removes an entry, and moves one to the cart", async () => {
    await db.wishlist.bulkPut([
      { productId: "steam", addedAt: 1, prices: { USD: 2500 } },
      { productId: "spotify", addedAt: 2, prices: { USD: 1000 } },
    ]);
    openWishlist();
    expect((await itemOf("Steam Wallet")).textContent).toContain("Price dropped: it was $25.00 when you saved it.");

    fireEvent.click(screen.getByRole("button", { name: "Remove from wishlist: Steam Wallet" }));
    await waitFor(() => expect(screen.queryByText("Steam Wallet")).toBeNull(), WAIT);
    expect((await db.wishlist.toArray()).map((row) => row.productId)).toEqual(["spotify"]);

    fireEvent.click(screen.getByRole("button", { name: "Move to cart: Spotify Premium" }));
    expect(await screen.findByRole("heading", { name: "Your wishlist is empty" }, WAIT)).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith("Moved to cart", { description: "Spotify Premium" });
    expect((await db.cart.toArray()).map(({ id, qty }) => ({ id, qty }))).toEqual([{ id: "spotify", qty: 1 }]);
    expect(await db.wishlist.count()).toBe(0);
  });

  it("keeps an entry the cart could not take, and one whose product left the catalog can still be removed", async () => {
    await db.wishlist.bulkPut([
      { productId: "spotify", addedAt: 1, prices: {} },
      { productId: "retired", addedAt: 2, prices: {} },
    ]);
    const put = vi.spyOn(db.cart, "bulkPut").mockRejectedValueOnce(new Error("QuotaExceededError"));
    openWishlist();
    fireEvent.click(await screen.findByRole("button", { name: "Move to cart: Spotify Premium" }, WAIT));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Could not add to cart."), WAIT);
    put.mockRestore();
    expect((await db.wishlist.toArray()).map((row) => row.productId).sort()).toEqual(["retired", "spotify"]);
    expect(await db.cart.count()).toBe(0);

    const retired = await itemOf("This product is no longer available.");
    fireEvent.click(within(retired).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByText("This product is no longer available.")).toBeNull(), WAIT);
    expect((await db.wishlist.toArray()).map((row) => row.productId)).toEqual(["spotify"]);
  });
});
