/** A product's code stock, for one sold from it (docs/decisions.md D10): its import and counts once the product
 * exists on the server, until then a word on when it can be filled. */
import { Trans } from "@lingui/react/macro";
import type { DeliveryMode } from "@store/shared/schemas/stock";
import { StockPanel } from "../stock/stock-panel.tsx";
import "../stock/stock.css";

export function StockSection({
  deliveryMode,
  productId,
}: {
  deliveryMode: DeliveryMode;
  productId?: string | undefined;
}) {
  if (deliveryMode === "manual") return null;
  return productId !== undefined ? (
    <StockPanel productId={productId} />
  ) : (
    <p className="ac-hint">
      <Trans>Save the product first; then its codes can be imported here.</Trans>
    </p>
  );
}
