import { createFileRoute } from "@tanstack/react-router";
import { AllProductsPage } from "../features/catalog/all-products-page.tsx";

export const Route = createFileRoute("/products")({ component: AllProductsPage });
