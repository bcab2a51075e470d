import { useDeferredValue, type ReactNode } from "react";
import type { Product } from "@store/shared/schemas/catalog";
import { useCategoryMap } from "./catalog-hooks.ts";
import { ProductCard } from "./product-card.tsx";

interface Props {
  products: readonly Product[];
  empty?: ReactNode;
  eagerCount?: number;
}

const NONE: readonly Product[] = [];

export function ProductGrid({ products, empty, eagerCount = 0 }: Props) {
  const categories = useCategoryMap();
  // Cards render in a background (interruptible) pass, so a long list never blocks input for long.
  const shown = useDeferredValue(products, NONE);
  if (products.length === 0) return empty ? <p className="empty">{empty}</p> : null;
  if (shown.length === 0) return <GridSkeleton count={Math.min(products.length, 4)} />;
  return (
    <ul className="product-grid">
      {shown.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            category={product.categoryId ? categories.get(product.categoryId) : undefined}
            eager={index < eagerCount}
          />
        </li>
      ))}
    </ul>
  );
}

export function GridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="card skeleton skeleton--card" />
        </li>
      ))}
    </ul>
  );
}
