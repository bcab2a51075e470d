// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { EARLY_CART_KEY } from "@store/shared/early-cart";
import { nextEarlyMove } from "../../app/early-cart.ts";
import { storedCartLines, storeDbPerTest } from "../../test/store-db.ts";
import { addEarlyLines } from "./cart-store.ts";
import { moveEarlyLines } from "./early-lines.ts";

const db = storeDbPerTest("early-lines-test");
const tap = (...lines: { id: string; qty: number; variantId?: string }[]) =>
  localStorage.setItem(EARLY_CART_KEY, JSON.stringify(lines));

beforeEach(() => localStorage.clear());

describe("lines tapped before the app ran, moved into the cart", () => {
  it("go into the cart beside what it held, and leave storage once it has them", async () => {
    tap({ id: "psn-25", qty: 2 }, { id: "steam-20", qty: 1, variantId: "eu" });
    expect(await moveEarlyLines(localStorage, db())).toBe(2);
    expect(await storedCartLines(db())).toEqual([
      { id: "psn-25", variantId: undefined, qty: 2 },
      { id: "steam-20", variantId: "eu", qty: 1 },
    ]);
    expect(localStorage.length).toBe(0);
    expect(await moveEarlyLines(localStorage, db())).toBe(0);
  });

  it("are not lost when the page is left before the cart has them: the next start adds them", async () => {
    tap({ id: "psn-25", qty: 1 });
    // The app took them from the early cart, and the page was left before the cart's transaction.
    expect(nextEarlyMove(localStorage)?.lines).toEqual([{ id: "psn-25", qty: 1 }]);
    expect(await storedCartLines(db())).toEqual([]);
    expect(await moveEarlyLines(localStorage, db())).toBe(1);
    expect(await storedCartLines(db())).toEqual([{ id: "psn-25", variantId: undefined, qty: 1 }]);
    expect(localStorage.length).toBe(0);
  });

  it("are not added twice when the page is left after the cart has them, before storage forgets them", async () => {
    tap({ id: "psn-25", qty: 1 });
    const move = nextEarlyMove(localStorage);
    expect(await addEarlyLines(move?.token ?? "", move?.lines ?? [], db())).toBe(true);
    // The next start finds the move still in storage: the cart says it has it.
    expect(await moveEarlyLines(localStorage, db())).toBe(0);
    expect(await storedCartLines(db())).toEqual([{ id: "psn-25", variantId: undefined, qty: 1 }]);
    expect(localStorage.length).toBe(0);
  });

  it("go in again when the same product is tapped early on a later visit", async () => {
    tap({ id: "psn-25", qty: 1 });
    await moveEarlyLines(localStorage, db());
    tap({ id: "psn-25", qty: 1 });
    expect(await moveEarlyLines(localStorage, db())).toBe(1);
    expect(await storedCartLines(db())).toEqual([{ id: "psn-25", variantId: undefined, qty: 2 }]);
  });
});
