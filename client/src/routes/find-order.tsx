import { createFileRoute } from "@tanstack/react-router";
import { FindOrderPage } from "../features/orders/find-order-page.tsx";

export const Route = createFileRoute("/find-order")({ component: FindOrderPage });
