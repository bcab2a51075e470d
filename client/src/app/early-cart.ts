/**
 * "Add to cart" before the app has arrived (shared/src/early-cart.ts): on a slow line the server's first screen
 * is on the phone seconds before the app's scripts. The boot script listens for taps on its buttons, keeps the
 * lines in localStorage and counts them on the cart link; the app moves them into the cart as it starts.
 */
import { EARLY_CART, EARLY_CART_KEY, earlyLinesOf, readEarlyLines, type EarlyLine } from "@store/shared/early-cart";

/** How long a button says "Added to cart" before it reads "Add to cart" again. */
const ADDED_FOR_MS = 2000;

function store(storage: Storage, lines: EarlyLine[]): boolean {
  try {
    storage.setItem(EARLY_CART_KEY, JSON.stringify(lines));
    return true;
  } catch {
    return false;
  }
}

/** The quantity a field asks for; 1 where there is no field or it says nothing sensible. */
function quantityIn(field: HTMLInputElement | null): number {
  const typed = Math.trunc(Number(field?.value ?? 1));
  return typed >= 1 ? typed : 1;
}

/** The quantity the page asks for (the product page's field), 1 elsewhere. */
function quantityOn(doc: Document): number {
  return quantityIn(doc.querySelector<HTMLInputElement>(`[${EARLY_CART.quantity}]`));
}

/** The option chosen on the product page, else the button's own. */
function variantOn(doc: Document, button: Element): string | undefined {
  const picked = doc.querySelector<HTMLInputElement>('input[name="variant"]:checked');
  return picked?.value ?? button.getAttribute(EARLY_CART.variant) ?? undefined;
}

/** Shows the count of early lines on the cart link's badge (the app's badge counts lines too). */
function showEarlyCount(doc: Document, lines: readonly EarlyLine[]): void {
  const badge = doc.querySelector<HTMLElement>(`[${EARLY_CART.count}]`);
  if (!badge) return;
  badge.textContent = String(lines.length);
  // The badge's class shows it as a grid, whatever `hidden` says.
  badge.style.display = lines.length === 0 ? "none" : "";
}

/** Puts a tapped product in the early cart; false when the tap was not on an early "Add to cart". */
export function addEarly(doc: Document, storage: Storage, target: EventTarget | null): boolean {
  const button = target instanceof Element ? target.closest(`[${EARLY_CART.product}]`) : null;
  const id = button?.getAttribute(EARLY_CART.product);
  if (!button || !id) return false;
  const variantId = variantOn(doc, button);
  const qty = quantityOn(doc);
  const lines = readEarlyLines(storage.getItem(EARLY_CART_KEY));
  const same = lines.find((l) => l.id === id && l.variantId === variantId);
  if (same) same.qty += qty;
  else lines.push({ id, qty, ...(variantId ? { variantId } : {}) });
  if (!store(storage, lines)) return false;
  showEarlyCount(doc, lines);
  const said = button.textContent;
  const added = button.getAttribute(EARLY_CART.added);
  if (added) {
    button.textContent = added;
    setTimeout(() => {
      if (button.isConnected) button.textContent = said;
    }, ADDED_FOR_MS);
  }
  return true;
}

/** Listens for taps on the first screen's "Add to cart" buttons until the app takes over. */
export function listenForEarlyAdds(win: Window): void {
  let storage: Storage;
  try {
    storage = win.localStorage;
  } catch {
    return;
  }
  win.document.addEventListener("click", (event) => {
    if (addEarly(win.document, storage, event.target)) event.preventDefault();
  });
  const show = () => showEarlyCount(win.document, readEarlyLines(storage.getItem(EARLY_CART_KEY)));
  if (win.document.readyState === "loading") win.document.addEventListener("DOMContentLoaded", show, { once: true });
  else show();
}

export interface EarlyChoice {
  qty: number;
  variantId: string | undefined;
  /** Whether the shopper was in the quantity field, so the app's field can take the focus over. */
  typing: boolean;
}

/**
 * What the shopper chose on the server's product page (a quantity typed, an option picked), for the app's page to
 * start from; undefined where there is no such page. The answer reads the server's fields each time it is called:
 * the app renders in slices while the shopper can still type, and a field React has taken out of the page keeps
 * its value, so reading again once the app's page is committed catches a choice made during the render.
 */
export function earlyChoice(doc: Document): (() => EarlyChoice) | undefined {
  const quantity = doc.querySelector<HTMLInputElement>(`[${EARLY_CART.quantity}]`);
  if (!quantity) return undefined;
  const options = [...doc.querySelectorAll<HTMLInputElement>('input[name="variant"]')];
  let typing = doc.activeElement === quantity;
  quantity.addEventListener("focus", () => (typing = true));
  // Some browsers blur a focused field as it is taken out of the page: that blur is not the shopper leaving it.
  // The field is out of the page by the time a microtask runs, and the app reads it before then.
  quantity.addEventListener("blur", () => queueMicrotask(() => (typing = !quantity.isConnected && typing)));
  return () => ({ qty: quantityIn(quantity), variantId: options.find((option) => option.checked)?.value, typing });
}

/** Where early lines wait while the app moves them into the cart: until the cart has them, they are in storage. */
const MOVING_KEY = "earlyCartMoving";

/** Early lines on their way into the cart, under a token the cart keeps with them once it has them. */
export interface EarlyMove {
  token: string;
  lines: EarlyLine[];
}

/**
 * The next early lines to move into the cart: those of a move a page left before it ended, else the lines added
 * before the app ran, handed over under a new token (in one task, so no page is left halfway); undefined when
 * there are none. Storage keeps them until `endEarlyMove`, so a shopper who leaves the page while the cart writes
 * them loses none, and the cart's token says whether it has them already.
 */
export function nextEarlyMove(storage: Storage): EarlyMove | undefined {
  try {
    const moving = readMove(storage.getItem(MOVING_KEY));
    if (moving) return moving;
    const lines = readEarlyLines(storage.getItem(EARLY_CART_KEY));
    if (lines.length === 0) {
      storage.removeItem(EARLY_CART_KEY);
      return undefined;
    }
    // Not crypto.randomUUID(): a page served over plain http (a phone trying a store on the local network) has none.
    const move = { token: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`, lines };
    // Kept under the move before they leave the early cart: storage that refuses the move leaves them where they were.
    storage.setItem(MOVING_KEY, JSON.stringify(move));
    storage.removeItem(EARLY_CART_KEY);
    return move;
  } catch {
    return undefined;
  }
}

/** Forgets a move the cart has taken in. */
export function endEarlyMove(storage: Storage, move: EarlyMove): void {
  try {
    if (readMove(storage.getItem(MOVING_KEY))?.token === move.token) storage.removeItem(MOVING_KEY);
  } catch {
    // Storage refused: the cart's token keeps the next start from adding these lines again.
  }
}

function readMove(text: string | null): EarlyMove | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as { token?: unknown; lines?: unknown };
    if (typeof value.token !== "string") return undefined;
    return { token: value.token, lines: earlyLinesOf(value.lines) };
  } catch {
    return undefined;
  }
}
