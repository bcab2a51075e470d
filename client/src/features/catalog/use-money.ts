import { useCallback } from "react";
import { formatMoney, type Currency } from "@store/shared/currency";
import { useLang } from "../prefs/prefs-store.ts";

/** Formats minor units in the shopper's language. */
export function useMoney(): (minor: number, currency: Currency) => string {
  const lang = useLang();
  return useCallback((minor, currency) => formatMoney(minor, currency, lang), [lang]);
}
