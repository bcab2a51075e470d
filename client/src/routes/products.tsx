import { createFileRoute } from "@tanstack/react-router";
import { AllProductsPage } from "../features/catalog/all-products-page.tsx";
import { parseProductSearch } from "../features/catalog/product-filters.ts";

export const Route = createFileRoute("/products")({ validateSearch: parseProductSearch, component: AllProductsPage });
