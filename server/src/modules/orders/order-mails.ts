/** Order mail that carries secrets, rendered when sent (docs/decisions.md D10, D12): the outbox keeps the kind, the
 * order and JSON parameters, never the private order link or a code. The link is rebuilt from the order's sealed
 * token, the codes are opened from stock. Exports: OrderMails with render(tx, row) (the mail worker's renderer),
 * confirmation(order, lines, orderUrl), queueDelivery(tx, order, params, now), openCode(row), orderUrl(order). */
import { isCurrency } from "@store/shared/currency";
import type { Tx } from "../../db/data.ts";
import type { Sealer } from "../../lib/sealer.ts";
import type { CodeRow, CodesRepo } from "../codes/codes.repo.ts";
import type { MailRepo, OutboxRow } from "../mail/mail.repo.ts";
import { deliveryMail, orderConfirmationMail, type MailContent, type OrderMailData } from "../mail/templates.ts";
import type { SettingsRepo } from "../settings/settings.repo.ts";
import type { OrderLineRow, OrderRow, OrdersRepo } from "./orders.repo.ts";

export const CONFIRMATION_KIND = "order_confirmation";
export const DELIVERY_KIND = "order_delivery";

/** Parameters of a delivery email: all the order's sold codes, or only `codeIds` (a replacement). */
export interface DeliveryParams {
  codeIds?: string[];
  replacement?: boolean;
}

function parseParams(raw: string | null): DeliveryParams {
  const value: unknown = raw ? JSON.parse(raw) : {};
  if (typeof value !== "object" || value === null) return {};
  const out: DeliveryParams = {};
  if ("codeIds" in value && Array.isArray(value.codeIds))
    out.codeIds = value.codeIds.filter((v): v is string => typeof v === "string");
  if ("replacement" in value && value.replacement === true) out.replacement = true;
  return out;
}

export class OrderMails {
  constructor(
    private readonly orders: OrdersRepo,
    private readonly codes: CodesRepo,
    private readonly mail: MailRepo,
    private readonly sealer: Sealer,
    private readonly publicUrl: string,
    private readonly settings?: Pick<SettingsRepo, "manualDeliveryHours">,
  ) {}

  /** Within how many hours a line delivered by hand is sent (the operator's setting), when the order has one. */
  private async manualDeliveryHours(tx: Tx, hasManualLine: boolean): Promise<number | undefined> {
    return hasManualLine && this.settings ? this.settings.manualDeliveryHours(tx) : undefined;
  }

  /** Whether any of these order lines is a product delivered by hand. */
  private async hasManualLine(tx: Tx, lines: readonly OrderLineRow[]): Promise<boolean> {
    if (lines.length === 0) return false;
    const info = await this.codes.productInfo(
      tx,
      lines.map((l) => l.productId),
    );
    return lines.some((l) => info.get(l.productId)?.deliveryMode === "manual");
  }

  /** The token sealed for an order (bound to its id). */
  sealToken(orderId: string, token: string): string {
    return this.sealer.seal(token, `order-token:${orderId}`);
  }

  /** The private order page's address, when the order keeps its sealed token. */
  orderUrl(order: Pick<OrderRow, "id" | "accessTokenSealed">): string | undefined {
    if (!order.accessTokenSealed) return undefined;
    return `${this.publicUrl}/orders/${this.sealer.open(order.accessTokenSealed, `order-token:${order.id}`)}`;
  }

  openCode(row: Pick<CodeRow, "sealed" | "productId">): string {
    return this.sealer.open(row.sealed, row.productId);
  }

  confirmationData(order: OrderRow, lines: readonly OrderLineRow[], orderUrl: string | undefined): OrderMailData {
    return {
      code: order.code,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      customerWhatsapp: order.customerWhatsapp,
      notes: order.notes,
      currency: isCurrency(order.currency) ? order.currency : "USD",
      lines,
      subtotal: order.subtotal,
      discount: order.discount,
      total: order.total,
      promoCode: order.promoCode,
      ...(orderUrl ? { orderUrl } : {}),
      paymentLink: order.paymentLink,
    };
  }

  /** Queues the delivery email of an order (rendered when sent). */
  async queueDelivery(tx: Tx, order: OrderRow, params: DeliveryParams, now: number): Promise<number> {
    const subject = `${params.replacement ? "Replacement code" : "Codes"} for order ${order.code}`;
    return this.mail.enqueue(
      tx,
      {
        kind: DELIVERY_KIND,
        orderId: order.id,
        to: order.customerEmail,
        subject,
        text: "",
        html: "",
        params: JSON.stringify(params),
      },
      now,
    );
  }

  /** The codes of a delivery, grouped by order line (only sold codes; `codeIds` narrows them). */
  async deliveredItems(
    tx: Tx,
    order: OrderRow,
    codeIds?: readonly string[],
  ): Promise<{ line: OrderLineRow; platform: string; codes: CodeRow[] }[]> {
    const lines = (await this.orders.linesOf(tx, [order.id])).get(order.id) ?? [];
    const wanted = codeIds ? new Set(codeIds) : undefined;
    const sold = (await this.codes.forOrder(tx, order.id)).filter(
      (c) => c.status === "sold" && (!wanted || wanted.has(c.id)),
    );
    const info = await this.codes.productInfo(
      tx,
      lines.map((l) => l.productId),
    );
    return lines
      .map((line) => ({
        line,
        platform: info.get(line.productId)?.platform ?? "",
        codes: sold.filter((c) => c.orderLineId === line.id),
      }))
      .filter((i) => i.codes.length > 0);
  }

  /** The mail worker's renderer for rows stored as parameters. */
  readonly render = async (tx: Tx, row: OutboxRow): Promise<MailContent> => {
    const order = row.orderId ? await this.orders.rowById(tx, row.orderId) : undefined;
    if (!order) throw new Error(`mail ${row.id}: its order is gone`);
    if (row.kind === CONFIRMATION_KIND) {
      const lines = (await this.orders.linesOf(tx, [order.id])).get(order.id) ?? [];
      const hours = await this.manualDeliveryHours(tx, await this.hasManualLine(tx, lines));
      return orderConfirmationMail(order.locale, {
        ...this.confirmationData(order, lines, this.orderUrl(order)),
        paid: order.status === "paid" || order.status === "awaiting_stock" || order.status === "delivered",
        ...(hours ? { manualDeliveryHours: hours } : {}),
      });
    }
    if (row.kind === DELIVERY_KIND) {
      const params = parseParams(row.params);
      const items = await this.deliveredItems(tx, order, params.codeIds);
      if (items.length === 0) throw new Error(`mail ${row.id}: no delivered code to send`);
      const orderUrl = this.orderUrl(order);
      return deliveryMail(order.locale, {
        code: order.code,
        items: items.map((i) => ({
          title: i.line.title,
          variantName: i.line.variantName,
          platform: i.platform,
          codes: i.codes.map((c) => this.openCode(c)),
        })),
        ...(orderUrl ? { orderUrl } : {}),
        ...(params.replacement ? { replacement: true } : {}),
      });
    }
    throw new Error(`mail ${row.id}: no renderer for kind ${row.kind}`);
  };
}
