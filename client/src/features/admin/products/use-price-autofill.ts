/** The TND auto-fill of a product's price rows (docs/decisions.md D5): the TND box shows what was typed at once;
 * the row's other currencies follow after a short pause, each row on its own timer (typing in another row does
 * not cancel this one's). Save pressed within a pause fills the waiting rows at once. */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import {
  autofillFromTnd,
  BASE_ROW,
  fillPendingPrices,
  type PriceDraft,
  type ProductDraft,
} from "./product-form-model.ts";
import { useUsdToTnd } from "./use-usd-to-tnd.ts";

const CONVERT_DEBOUNCE_MS = 400;

/** Changes one price row of the draft: the base price (BASE_ROW) or a variant's, by its key. */
export function updatePriceRow(
  setDraft: Dispatch<SetStateAction<ProductDraft>>,
  row: string,
  change: (p: PriceDraft) => PriceDraft,
): void {
  setDraft((d) =>
    row === BASE_ROW
      ? { ...d, price: change(d.price) }
      : { ...d, variants: d.variants.map((v) => (v.key === row ? { ...v, price: change(v.price) } : v)) },
  );
}

export function usePriceAutofill(draft: ProductDraft, setDraft: Dispatch<SetStateAction<ProductDraft>>) {
  /** The row whose other currencies are waiting for their conversion, if any. */
  const [converting, setConverting] = useState<string | null>(null);
  const timers = useRef(new Map<string, number>());
  const usdToTnd = useUsdToTnd();

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const handle of pending.values()) window.clearTimeout(handle);
    };
  }, []);

  return {
    converting,
    /** The TND box of `row` typed in. */
    typeTnd(row: string, text: string): void {
      updatePriceRow(setDraft, row, (p) => ({ ...p, TND: text }));
      setConverting(row);
      window.clearTimeout(timers.current.get(row));
      const handle = window.setTimeout(() => {
        void usdToTnd().then((rate) => {
          if (timers.current.get(row) !== handle) return;
          timers.current.delete(row);
          updatePriceRow(setDraft, row, (p) => (p.TND === text ? autofillFromTnd(p, text, rate) : p));
          setConverting((c) => (c === row ? null : c));
        });
      }, CONVERT_DEBOUNCE_MS);
      timers.current.set(row, handle);
    },
    /** The draft with every conversion still waiting done now. */
    async settled(): Promise<ProductDraft> {
      const pending = new Set(timers.current.keys());
      for (const handle of timers.current.values()) window.clearTimeout(handle);
      timers.current.clear();
      setConverting(null);
      const filled = fillPendingPrices(draft, pending, await usdToTnd());
      setDraft(filled);
      return filled;
    },
  };
}
