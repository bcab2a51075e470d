/** The button that adds a product to the cart, on its card and its page ('Out of stock', disabled, when not in
 * stock). */
import { Trans } from "@lingui/react/macro";

export function AddToCartButton({ inStock, size, onAdd }: { inStock: boolean; size: "sm" | "lg"; onAdd: () => void }) {
  return (
    <button type="button" className={`btn btn--primary btn--${size}`} onClick={onAdd} disabled={!inStock}>
      {inStock ? <Trans>Add to cart</Trans> : <Trans>Out of stock</Trans>}
    </button>
  );
}
