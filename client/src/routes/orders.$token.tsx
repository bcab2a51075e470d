import { createFileRoute } from "@tanstack/react-router";
import { loadMessages } from "../i18n/i18n.ts";
import { PrivateOrderPage } from "../features/orders/private-order-page.tsx";

function PrivateOrderRoute() {
  const { token } = Route.useParams();
  return <PrivateOrderPage token={token} />;
}

export const Route = createFileRoute("/orders/$token")({
  // Its words are in the orders catalog, not the one every first visit loads.
  beforeLoad: () => loadMessages("orders"),
  component: PrivateOrderRoute,
});
