/** What the product page and the wishlist say about stock beyond "Out of stock": "Only N left" when few codes remain,
 * and, for a product sold from code stock that has none left, "Email me when it is back" (back-in-stock.tsx, loaded
 * only then) (docs/product.md). */
import { lazy, Suspense, useEffect, useState } from "react";
import { Trans } from "@lingui/react/macro";
import type { Product } from "@store/shared/schemas/catalog";
import { fetchAvailability } from "../../api/stock.ts";
import { loadMessages } from "../../i18n/i18n.ts";

// With the orders catalog: the form says the store's refusals (i18n/error-messages.ts).
const BackInStockForm = lazy(() =>
  Promise.all([import("./back-in-stock.tsx"), loadMessages("orders")]).then(([m]) => ({ default: m.BackInStock })),
);

/** Only for a product sold from code stock: an import is what brings it back, and what sends the email. */
export function BackInStock({ product, variantId = "" }: { product: Product; variantId?: string }) {
  if (product.inStock || product.deliveryMode !== "automatic") return null;
  return (
    <Suspense fallback={null}>
      <BackInStockForm product={product} variantId={variantId} />
    </Suspense>
  );
}

/** "Only N left" for the option shown (or the product), asked of the store when the page opens; nothing offline. */
export function FewLeft({ product, variantId = "" }: { product: Product; variantId?: string }) {
  const [left, setLeft] = useState<Record<string, number> | null>(null);
  const asks = product.inStock && product.deliveryMode === "automatic";
  useEffect(() => {
    if (!asks) return;
    let live = true;
    void fetchAvailability(product.id).then((answer) => {
      if (live) setLeft(answer?.left ?? null);
    });
    return () => {
      live = false;
    };
  }, [asks, product.id, product.version]);
  const n = asks ? left?.[variantId] : undefined;
  if (n === undefined) return null;
  return (
    <p className="stock-note stock-note--few">
      <Trans>Only {n} left</Trans>
    </p>
  );
}
