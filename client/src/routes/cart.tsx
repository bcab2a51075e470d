import { createFileRoute } from "@tanstack/react-router";
import { CheckoutPage } from "../features/checkout/checkout-page.tsx";

export const Route = createFileRoute("/cart")({ component: CheckoutPage });
