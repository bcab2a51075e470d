import { createFileRoute } from "@tanstack/react-router";
import { loadMessages } from "../i18n/i18n.ts";
import { FindOrderPage } from "../features/orders/find-order-page.tsx";

export const Route = createFileRoute("/find-order")({
  // Its words are in the orders catalog, not the one every first visit loads.
  beforeLoad: () => loadMessages("orders"),
  component: FindOrderPage,
});
