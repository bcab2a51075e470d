/** One row of an order's totals (`<dl className="checkout-totals">`): the checkout's and the private order page's. */
import type { ReactNode } from "react";

export function TotalsRow({
  label,
  value,
  kind,
  testId,
}: {
  label: ReactNode;
  value: string;
  kind?: "discount" | "total";
  testId?: string;
}) {
  return (
    <div className={kind ? `checkout-totals__row checkout-totals__row--${kind}` : "checkout-totals__row"}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{kind === "discount" ? `−${value}` : value}</dd>
    </div>
  );
}
