/** The admin's daily USD -> TND rate for the price auto-fill
 * (docs/decisions.md D5); the synced or default rate if it cannot be read. */
import { useCallback, useEffect, useRef } from "react";
import * as api from "../../../api/admin-endpoints.ts";
import { adminApi } from "../../../local/admin-api.ts";
import { useSettings } from "../../catalog/catalog-hooks.ts";

export function useUsdToTnd(): () => Promise<number> {
  const fallback = useSettings().rates.TND;
  const fallbackRef = useRef(fallback);
  const promiseRef = useRef<Promise<number> | null>(null);
  useEffect(() => {
    fallbackRef.current = fallback;
  }, [fallback]);

  const rate = useCallback((): Promise<number> => {
    promiseRef.current ??= adminApi
      .call(api.settings.rate.read)
      .then((rate) => rate.usdToTnd)
      .catch((err: unknown) => {
        // docs/product.md: a conversion failure is only logged.
        console.warn("Could not read the daily rate; using the stored one", err);
        promiseRef.current = null;
        return fallbackRef.current;
      });
    return promiseRef.current;
  }, []);

  useEffect(() => {
    void rate();
  }, [rate]);
  return rate;
}
