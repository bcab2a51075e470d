import { createFileRoute } from "@tanstack/react-router";
import { OrderSuccessPage } from "../features/checkout/order-success-page.tsx";

interface OrderSuccessSearch {
  code?: string;
}

function OrderSuccessRoute() {
  const { code } = Route.useSearch();
  return <OrderSuccessPage code={code} />;
}

export const Route = createFileRoute("/order-success")({
  validateSearch: (search: Record<string, unknown>): OrderSuccessSearch =>
    typeof search.code === "string" && search.code ? { code: search.code } : {},
  component: OrderSuccessRoute,
});
