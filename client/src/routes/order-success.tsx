import { createFileRoute } from "@tanstack/react-router";
import { loadMessages } from "../i18n/i18n.ts";
import { OrderSuccessPage, type PaymentReturn } from "../features/checkout/order-success-page.tsx";

interface OrderSuccessSearch {
  code?: string;
  /** Set by the payment provider's return pages (docs/decisions.md D11): paid (or still checking) or given up. */
  payment?: PaymentReturn;
}

function OrderSuccessRoute() {
  const { code, payment } = Route.useSearch();
  return <OrderSuccessPage code={code} payment={payment} />;
}

export const Route = createFileRoute("/order-success")({
  // Its words are in the orders catalog, not the one every first visit loads.
  beforeLoad: () => loadMessages("orders"),
  validateSearch: (search: Record<string, unknown>): OrderSuccessSearch => ({
    ...(typeof search.code === "string" && search.code ? { code: search.code } : {}),
    ...(search.payment === "return" || search.payment === "cancelled" ? { payment: search.payment } : {}),
  }),
  component: OrderSuccessRoute,
});
