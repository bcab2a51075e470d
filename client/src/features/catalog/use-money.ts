import { useCallback } from "react";
import { formatMoney, type Currency, type Rates } from "@store/shared/currency";
import { useCurrency, useLang } from "../prefs/prefs-store.ts";
import { useSettings } from "./catalog-hooks.ts";

type Money = (minor: number, currency: Currency) => string;

/** Formats minor units in the shopper's language. */
export function useMoney(): Money {
  const lang = useLang();
  return useCallback((minor, currency) => formatMoney(minor, currency, lang), [lang]);
}

/** What a screen that shows prices needs: the shopper's currency, the store's rates and the formatter. */
export function usePricing(): { currency: Currency; rates: Rates; money: Money } {
  const currency = useCurrency();
  const { rates } = useSettings();
  const money = useMoney();
  return { currency, rates, money };
}
