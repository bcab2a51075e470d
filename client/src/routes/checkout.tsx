import { createFileRoute } from "@tanstack/react-router";
import { loadMessages } from "../i18n/i18n.ts";
import { CheckoutPage } from "../features/checkout/checkout-page.tsx";

export const Route = createFileRoute("/checkout")({
  // Its words are in the orders catalog, not the one every first visit loads.
  beforeLoad: () => loadMessages("orders"),
  component: CheckoutPage,
});
