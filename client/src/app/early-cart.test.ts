// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { EARLY_CART_KEY, readEarlyLines } from "@store/shared/early-cart";
import { addEarly, endEarlyMove, listenForEarlyAdds, nextEarlyMove } from "./early-cart.ts";

/** The server's first screen, as far as the early cart reads it. */
function page(body: string): void {
  document.body.innerHTML = `<a href="/cart" data-early-cart><span class="count-badge" data-early-count style="display:none"></span></a>${body}`;
}
const badge = () => document.querySelector<HTMLElement>("[data-early-count]");
const button = (id: string) => document.querySelector(`[data-early-add="${id}"]`);

beforeEach(() => localStorage.clear());

describe("the cart before the app runs", () => {
  it("keeps a tapped product, counts it on the cart link and says it was added", () => {
    page(
      `<button data-early-add="psn-25" data-early-variant="v1" data-early-added="Added to cart">Add to cart</button>`,
    );
    expect(addEarly(document, localStorage, button("psn-25"))).toBe(true);
    expect(addEarly(document, localStorage, button("psn-25"))).toBe(true);
    expect(readEarlyLines(localStorage.getItem(EARLY_CART_KEY))).toEqual([{ id: "psn-25", qty: 2, variantId: "v1" }]);
    // One line, as the app's cart counts.
    expect(badge()?.textContent).toBe("1");
    expect(badge()?.style.display).toBe("");
    expect(button("psn-25")?.textContent).toBe("Added to cart");
  });

  it("adds the quantity and the option the product page shows", () => {
    page(
      `<input type="radio" name="variant" value="3m" checked><input type="number" value="3" data-early-qty><button data-early-add="sub">Add</button>`,
    );
    addEarly(document, localStorage, button("sub"));
    expect(readEarlyLines(localStorage.getItem(EARLY_CART_KEY))).toEqual([{ id: "sub", qty: 3, variantId: "3m" }]);
  });

  it("ignores taps elsewhere, and listens from the document until the app takes over", () => {
    page(`<button data-early-add="steam-20">Add</button><button id="other">Other</button>`);
    expect(addEarly(document, localStorage, document.getElementById("other"))).toBe(false);
    listenForEarlyAdds(window);
    (button("steam-20") as HTMLButtonElement).click();
    expect(badge()?.textContent).toBe("1");
  });

  it("hands the lines to the app under a token, keeps them until the move ends, and reads nothing foreign", () => {
    localStorage.setItem(EARLY_CART_KEY, JSON.stringify([{ id: "a", qty: 1 }, { id: 5 }, { id: "b", qty: 0 }]));
    const move = nextEarlyMove(localStorage);
    expect(move?.lines).toEqual([{ id: "a", qty: 1 }]);
    expect(localStorage.getItem(EARLY_CART_KEY)).toBeNull();
    // Until it ends, the same move is handed over again (a page left while the cart wrote it).
    expect(nextEarlyMove(localStorage)).toEqual(move);
    if (move) endEarlyMove(localStorage, move);
    expect(nextEarlyMove(localStorage)).toBeUndefined();
    expect(readEarlyLines("not json")).toEqual([]);
  });
});
