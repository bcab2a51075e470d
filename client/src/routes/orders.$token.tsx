import { createFileRoute } from "@tanstack/react-router";
import { PrivateOrderPage } from "../features/orders/private-order-page.tsx";

function PrivateOrderRoute() {
  const { token } = Route.useParams();
  return <PrivateOrderPage token={token} />;
}

export const Route = createFileRoute("/orders/$token")({ component: PrivateOrderRoute });
