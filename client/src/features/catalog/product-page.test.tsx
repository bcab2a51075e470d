// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../i18n/i18n.ts";
import { db } from "../../local/db.ts";
import { storedCartLines } from "../../test/store-db.ts";
import { toast } from "../../ui/toast.tsx";
import { product, storeSettings } from "../../test/fixtures.ts";
import { serving } from "../../test/fetch-stub.ts";
import { cleanUpAfterScreens, prepareStorefront, renderScreen } from "../../test/render-screen.tsx";
import { setLang } from "../prefs/prefs-store.ts";
import { ProductPage } from "./product-page.tsx";

vi.mock("../../ui/toast.tsx", () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const WAIT = { timeout: 5_000 };

function openProduct(id: string) {
  return renderScreen(() => <ProductPage id={id} />, "/product/$id", `/product/${id}`);
}

beforeAll(async () => {
  await prepareStorefront({
    products: [
      product("steam", {
        title: "Steam Wallet",
        description: "Top up your Steam account.",
        price: { USD: 2000, TND: 6400, EUR: 1900, EGP: 100_000 },
        translations: { ar: { title: "بطاقة ستيم", description: "اشحن حساب ستيم الخاص بك." } },
      }),
      product("xbox", {
        title: "Xbox Game Pass",
        price: { USD: 1000, TND: 3200, EUR: 950, EGP: 50_000 },
        variants: [
          { id: "m1", name: "1 month", price: { USD: 1000, TND: 3200, EUR: 950, EGP: 50_000 } },
          { id: "m3", name: "3 months", price: { USD: 2700, TND: 8600, EUR: 2500, EGP: 135_000 } },
        ],
      }),
      product("psn", { title: "PlayStation Plus", inStock: false }),
    ],
    settings: storeSettings({ maxQtyPerOrder: 5 }),
  });
  serving({});
});

cleanUpAfterScreens([db.cart]);

// Each test waits on IndexedDB and React several times: on a loaded machine that takes longer than the default.
describe("the product page", { timeout: 20_000 }, () => {
  it("shows the product's name, price and description, and adds the quantity chosen to the cart", async () => {
    openProduct("steam");
    expect(await screen.findByRole("heading", { level: 1, name: "Steam Wallet" }, WAIT)).toBeTruthy();
    expect(document.querySelector(".price__now")?.textContent).toBe("$20.00");
    expect(screen.getByText("Top up your Steam account.")).toBeTruthy();

    fireEvent.change(screen.getByRole("spinbutton", { name: "Quantity" }), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    await waitFor(
      () =>
        expect(toast.success).toHaveBeenCalledWith("Added to cart", {
          description: "Steam Wallet",
          action: expect.objectContaining({ label: "View cart" }),
        }),
      WAIT,
    );
    expect(await storedCartLines(db)).toEqual([{ id: "steam", variantId: undefined, qty: 3 }]);
  });

  it("adds the option chosen, at its price, and caps a typed quantity at the store's limit, saying so", async () => {
    openProduct("xbox");
    const options = await screen.findByRole("group", { name: "Choose an option" }, WAIT);
    fireEvent.click(within(options).getByRole("radio", { name: "3 months" }));
    await waitFor(() => expect(document.querySelector(".price__now")?.textContent).toBe("$27.00"), WAIT);

    const qty = screen.getByRole("spinbutton", { name: "Quantity" });
    fireEvent.change(qty, { target: { value: "9" } });
    expect(qty).toHaveProperty("value", "5");
    expect(screen.getByTestId("qty-limit").textContent).toBe("Maximum 5 per order");
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    await waitFor(
      async () => expect(await storedCartLines(db)).toEqual([{ id: "xbox", variantId: "m3", qty: 5 }]),
      WAIT,
    );
  });

  it("starts from the choice made on the server's page, including one made while the app rendered over it", async () => {
    // The server's first screen: 2 typed and the first option picked when the app starts rendering.
    const serverPage = document.createElement("div");
    serverPage.innerHTML = `<input type="radio" name="variant" value="m1" checked><input type="radio" name="variant" value="m3"><input type="number" value="2" data-early-qty>`;
    document.body.append(serverPage);
    const field = serverPage.querySelector<HTMLInputElement>("input[type=number]");
    field?.focus();
    /** The shopper, typing 4 and picking "3 months" after the product page has rendered but before it is on
     * screen (the render goes on in slices, and the server's page takes input), and then the app's page taking
     * the server's place. */
    function ShopperChoosesAgain() {
      const [, threeMonths] = serverPage.querySelectorAll<HTMLInputElement>("input[type=radio]");
      if (field) field.value = "4";
      if (threeMonths) threeMonths.checked = true;
      serverPage.remove();
      return null;
    }
    try {
      renderScreen(
        () => (
          <>
            <ProductPage id="xbox" />
            <ShopperChoosesAgain />
          </>
        ),
        "/product/$id",
        "/product/xbox",
      );
      expect(await screen.findByRole("heading", { level: 1, name: "Xbox Game Pass" }, WAIT)).toBeTruthy();
      const quantity = screen.getByRole("spinbutton", { name: "Quantity" });
      expect(quantity).toHaveProperty("value", "4");
      expect(screen.getByRole("radio", { name: /3 months/ })).toHaveProperty("checked", true);
      // The shopper was typing in the server's field: the app's has the focus now.
      expect(document.activeElement).toBe(quantity);
    } finally {
      serverPage.remove();
    }
  });

  it("out of stock, offers no way to add it", async () => {
    openProduct("psn");
    await screen.findByRole("heading", { level: 1, name: "PlayStation Plus" }, WAIT);
    const button = screen.getByRole("button", { name: "Out of stock" });
    expect(button).toHaveProperty("disabled", true);
    expect(screen.queryByRole("button", { name: "Add to cart" })).toBeNull();
    fireEvent.click(button);
    expect(await db.cart.count()).toBe(0);
  });

  it("says when the cart cannot take the product, and when the product does not exist", async () => {
    const put = vi.spyOn(db.cart, "bulkPut").mockRejectedValueOnce(new Error("QuotaExceededError"));
    openProduct("steam");
    fireEvent.click(await screen.findByRole("button", { name: "Add to cart" }, WAIT));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Could not add to cart."), WAIT);
    expect(toast.success).not.toHaveBeenCalled();
    expect(await db.cart.count()).toBe(0);
    put.mockRestore();
    cleanup();

    openProduct("nope");
    expect(await screen.findByText("Product not found.", {}, WAIT)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse all products" }).getAttribute("href")).toBe("/products");
  });

  it("in Arabic, reads right to left with the operator's Arabic texts and the store's Arabic words", async () => {
    setLang("ar");
    await activateLocale("ar");
    try {
      openProduct("steam");
      expect(await screen.findByRole("heading", { level: 1, name: "بطاقة ستيم" }, WAIT)).toBeTruthy();
      expect(document.documentElement.dir).toBe("rtl");
      expect(document.documentElement.lang).toBe("ar");
      expect(screen.getByText("اشحن حساب ستيم الخاص بك.")).toBeTruthy();
      expect(document.querySelector(".price__now")?.textContent).toMatch(/^\u200f?20\.00\sUS\$\u200e$/);
      fireEvent.click(screen.getByRole("button", { name: "أضف إلى السلة" }));
      await waitFor(
        () =>
          expect(toast.success).toHaveBeenCalledWith("تمت الإضافة إلى السلة", {
            description: "بطاقة ستيم",
            action: expect.objectContaining({ label: "عرض السلة" }),
          }),
        WAIT,
      );
      expect(await storedCartLines(db)).toEqual([{ id: "steam", variantId: undefined, qty: 1 }]);
    } finally {
      setLang("en");
      await activateLocale("en");
    }
  });
});
