/** Orders for the console specs: placed through the public checkout, read back as the operator sees them. */
import { type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { AdminOrder } from "@store/shared/schemas/orders";
import { loadCatalog, productWithoutVariants } from "../storefront/catalog.ts";
import type { ApiSession } from "./console-helpers.ts";
import { checkoutByApi } from "../checkout/checkout-helpers.ts";

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();

export interface OrderInput {
  name: string;
  qty?: number;
  currency?: "USD" | "TND" | "EUR" | "EGP";
  promoCode?: string;
  notes?: string;
  email?: string;
}

/** Places a manual-payment order through the public checkout and reads it back as the admin sees it. */
export async function placeOrder(request: APIRequestContext, api: ApiSession, input: OrderInput): Promise<AdminOrder> {
  const product = productWithoutVariants(await loadCatalog(request));
  const panierCode = await checkoutByApi(request, {
    name: input.name,
    email: input.email ?? `tablet.${tag().toLowerCase()}@example.com`,
    notes: input.notes ?? "",
    currency: input.currency ?? "USD",
    items: [{ id: product.id, qty: input.qty ?? 1 }],
    promoCode: input.promoCode ?? null,
  });
  return (await api.get(`/api/admin/orders/${panierCode}`)) as AdminOrder;
}

export async function orderStatus(api: ApiSession, code: string): Promise<string> {
  return ((await api.get(`/api/admin/orders/${code}`)) as AdminOrder).status;
}

export function recentRow(page: Page, code: string): Locator {
  return page
    .getByTestId("recent-orders")
    .getByRole("button")
    .filter({ hasText: `#${code}` });
}
