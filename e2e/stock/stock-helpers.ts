/** Set-up for the code-stock and order-lifecycle specs: products sold from code stock, codes loaded through the
 * admin API, orders placed through the public checkout, and the dev mailbox read through the admin API. */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { ProductStock } from "@store/shared/schemas/stock";
import type { AdminOrderDetail } from "@store/shared/schemas/orders";
import type { ApiSession } from "../admin/console-helpers.ts";
import { addFromProductPage, checkoutByApi, placeOrderByForm } from "../checkout/checkout-helpers.ts";
import { createProduct, usd } from "../admin/catalog-fixtures.ts";

export { tag } from "../admin/catalog-fixtures.ts";

export interface StockProduct {
  id: string;
  title: string;
  version: number;
}

/** Creates a product sold from code stock (automatic delivery, unless `manual`), $5, optionally with codes. */
export async function createStockProduct(
  api: ApiSession,
  options: {
    title: string;
    threshold?: number;
    codes?: string[];
    platform?: string;
    manual?: boolean;
    /** Option names, each at $5. */
    variants?: string[];
  },
): Promise<StockProduct> {
  const product = await createProduct(api, {
    title: options.title,
    description: "A product sold from code stock in the end-to-end tests.",
    price: usd(500),
    platform: options.platform ?? "PS",
    deliveryMode: options.manual ? "manual" : "automatic",
    lowStockThreshold: options.threshold ?? 5,
    variants: (options.variants ?? []).map((name) => ({ name, price: usd(500) })),
  });
  if (options.codes && options.codes.length > 0) await importCodes(api, product.id, options.codes);
  return product;
}

export async function importCodes(api: ApiSession, productId: string, codes: string[]): Promise<void> {
  const answer = (await api.send("POST", `/api/admin/products/${productId}/codes/import`, {
    text: codes.join("\n"),
    format: "text",
  })) as { summary: { imported: number } };
  expect(answer.summary.imported).toBe(codes.length);
}

export async function stockOf(api: ApiSession, productId: string): Promise<ProductStock> {
  return (await api.get(`/api/admin/products/${productId}/stock`)) as ProductStock;
}

export async function orderOf(api: ApiSession, code: string): Promise<AdminOrderDetail> {
  return (await api.get(`/api/admin/orders/${code}`)) as AdminOrderDetail;
}

/** Places an order through the public checkout (manual payment) → its code. */
export async function placeOrder(
  request: APIRequestContext,
  items: { id: string; qty: number }[],
  email: string,
): Promise<string> {
  return checkoutByApi(request, { name: "Stock Tester", email, items });
}

interface MailSummary {
  id: number;
  to: string;
  subject: string;
}

/** The private order page's address from the dev mailbox (the order's confirmation email), read as the admin. */
export async function privateOrderLink(api: ApiSession, orderCode: string): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const list = (await api.get("/api/admin/mailbox?limit=50")) as { messages?: MailSummary[] } | MailSummary[];
        const messages = Array.isArray(list) ? list : (list.messages ?? []);
        for (const m of messages.filter((x) => x.subject.includes(orderCode))) {
          const mail = (await api.get(`/api/admin/mailbox/${m.id}`)) as { text: string };
          const link = /https?:\/\/\S+?(\/orders\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
          if (link) found = link;
        }
        return found;
      },
      { message: `the email of ${orderCode} with its private link` },
    )
    .not.toBeNull();
  return found ?? "";
}

/** The console's toasts, for the stock specs that import their helpers from here. */
export { toast } from "../admin/console-helpers.ts";

/** Opens an order's view from the dashboard's Panier Lookup (the recent list may have moved on). */
export async function openOrder(page: Page, code: string, labels = { lookup: "Panier Lookup", search: "Search" }) {
  const lookup = page.getByRole("region", { name: labels.lookup });
  await lookup.getByPlaceholder("PNR-12345").fill(code);
  await lookup.getByRole("button", { name: labels.search }).click();
  await lookup.getByTestId("open-order").click();
}

/** Buys one unit of a product through the storefront (cart, details, Place order) → the order's code. */
export async function buyOne(page: Page, productId: string, email: string): Promise<string> {
  await addFromProductPage(page, productId);
  await page.goto("/checkout");
  return placeOrderByForm(page, { lang: "en", name: "Salma Haddad", email });
}
