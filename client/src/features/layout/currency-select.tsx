import { useId } from "react";
import { Trans } from "@lingui/react/macro";
import { coerceCurrency, CURRENCY_MENU_ORDER } from "@store/shared/currency";
import { setCurrency, useCurrency } from "../prefs/prefs-store.ts";

/** The display-currency picker. */
export function CurrencySelect({ className }: { className?: string }) {
  const id = useId();
  const currency = useCurrency();
  return (
    <div className={`field-inline ${className ?? ""}`}>
      <label htmlFor={id} className="field-inline__label">
        <Trans>Currency</Trans>
      </label>
      <select id={id} value={currency} onChange={(e) => setCurrency(coerceCurrency(e.target.value))}>
        {CURRENCY_MENU_ORDER.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}
