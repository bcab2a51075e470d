// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "../../local/db.ts";
import { prepareStorefront, renderScreen } from "../../test/render-screen.tsx";
import { makeCategory, makeProduct } from "../../test/catalog-builders.ts";
import { SearchOverlay } from "./search-overlay.tsx";

/** The overlay on the home page, as the header opens it. */
function renderOverlay(onClose: () => void) {
  return renderScreen(() => <SearchOverlay open onClose={onClose} />, "/");
}

const WAIT = { timeout: 5_000 };

beforeAll(async () => {
  // jsdom has no modal dialogs; the overlay only needs them to open and close.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  Element.prototype.scrollIntoView ??= () => undefined;
  await prepareStorefront({
    version: 7,
    categories: [makeCategory("c1", "Gift Cards")],
    products: [
      makeProduct({ id: "steam-20", title: "Steam Wallet $20", categoryId: "c1", sales: 50 }),
      makeProduct({ id: "steam-50", title: "Steam Wallet $50", categoryId: "c1", sales: 40, inStock: false }),
      makeProduct({ id: "psn-10", title: "PlayStation Store $10", categoryId: "c1", sales: 30 }),
    ],
  });
});

afterAll(async () => {
  cleanup();
  await db.delete();
});

describe("the search overlay", () => {
  it("shows popular products first, finds as the shopper types, marks what is out of stock, says when nothing matches, and opens a result with Enter", async () => {
    const onClose = vi.fn();
    const router = renderOverlay(onClose);
    const dialog = await screen.findByRole("dialog", { name: "Search products" }, WAIT);
    const popular = await within(dialog).findByRole("listbox", { name: "popular now" }, WAIT);
    expect(within(popular).getAllByRole("option")).toHaveLength(3);

    const box = within(dialog).getByRole("combobox", { name: "Search products" });
    fireEvent.change(box, { target: { value: "steam" } });
    const results = await within(dialog).findByRole("listbox", { name: "Results" }, WAIT);
    expect(
      within(results)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining("Steam Wallet $20"), expect.stringContaining("Steam Wallet $50")]);
    expect(within(dialog).getByRole("status").textContent).toBe("2 results");
    // A product that cannot be bought now says so before it is opened.
    const [inStock, soldOut] = within(results).getAllByRole("option");
    expect(soldOut?.textContent).toContain("Out of stock");
    expect(inStock?.textContent).not.toContain("Out of stock");
    // The first result is highlighted for the keyboard; the arrow moves to the next.
    expect(box.getAttribute("aria-activedescendant")).toBeTruthy();
    fireEvent.keyDown(box, { key: "ArrowDown" });
    const second = within(results).getAllByRole("option")[1];
    expect(second?.getAttribute("aria-selected")).toBe("true");

    fireEvent.change(box, { target: { value: "qwertyzz" } });
    expect(await within(dialog).findByText("qwertyzz", { selector: "strong" }, WAIT)).toBeTruthy();
    expect(within(dialog).queryByRole("listbox")).toBeNull();

    // Enter right after typing, before the debounce: the text as typed is searched at once.
    fireEvent.change(box, { target: { value: "playstation" } });
    await act(async () => {
      fireEvent.keyDown(box, { key: "Enter" });
    });
    expect(onClose).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/product/psn-10"), WAIT);
  });
});
