import type { ReactNode } from "react";
import type { Product } from "@store/shared/schemas/catalog";
import { useCategoryMap } from "./catalog-hooks.ts";
import { ProductCard } from "./product-card.tsx";

interface Props {
  products: readonly Product[];
  empty?: ReactNode;
  eagerCount?: number;
}

export function ProductGrid({ products, empty, eagerCount = 0 }: Props) {
  const categories = useCategoryMap();
  if (products.length === 0) return empty ? <p className="empty">{empty}</p> : null;
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
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
