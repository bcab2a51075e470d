import { createFileRoute } from "@tanstack/react-router";
import { ProductPage } from "../features/catalog/product-page.tsx";

function ProductRoute() {
  const { id } = Route.useParams();
  return <ProductPage key={id} id={id} />;
}

export const Route = createFileRoute("/product/$id")({ component: ProductRoute });
