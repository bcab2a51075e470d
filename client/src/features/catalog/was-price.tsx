/** A discounted product's former price, struck through, announced as such to screen readers. */
import { Trans } from "@lingui/react/macro";

export function WasPrice({ amount }: { amount: string }) {
  return (
    <s className="price__was">
      <span className="visually-hidden">
        <Trans>Original price:</Trans>{" "}
      </span>
      {amount}
    </s>
  );
}
