/** What every part of the orders module shares (OrdersService composes the parts): its dependencies, the states and
 * actors the order lifecycle names (docs/decisions.md D10), and OrdersPart, the base of each part, with what an order's
 * lines still need (needs, shortfall) and the order's history (event). */
import type { OrderEvent } from "@store/shared/schemas/orders";
import type { OrderStatus } from "@store/shared/order-status";
import { ADMIN_ERROR_CODES } from "@store/shared/schemas/errors";
import type { DataLayer, Tx } from "../../db/data.ts";
import { NotFoundError } from "../../http/errors.ts";
import type { CatalogRepo } from "../catalog/catalog.repo.ts";
import type { CodeIntake } from "../codes/code-intake.ts";
import type { CodeRow } from "../codes/codes.repo.ts";
import type { StockKeeper } from "../codes/stock.ts";
import type { MailRepo } from "../mail/mail.repo.ts";
import type { OperatorAlerts } from "../operator-alerts/alerts.service.ts";
import type { OrderMails } from "./order-mails.ts";
import type { OrderLineRow, OrdersRepo } from "./orders.repo.ts";

/** What a confirmed payment settles: an order awaiting payment, or one that expired before the money landed (its
 * codes were freed: they are taken again from stock, or it waits for stock). */
export const SETTLEABLE: readonly OrderStatus[] = ["pending_payment", "expired"];
export const SYSTEM_ACTOR = "system";
/** The states an order can be refunded from (its money was taken). */
export const REFUNDABLE: readonly OrderStatus[] = ["paid", "awaiting_stock", "delivered"];
/** The states 'Deliver anyway' reopens: the order holds no payment (it was cancelled, expired or refunded). */
export const REOPENABLE: readonly OrderStatus[] = ["cancelled", "expired", "refunded"];
/** The history's name for the shopper (who placed the order, or cancelled it from its private page). */
export const SHOPPER_ACTOR = "shopper";

/** A line as the operator reads it in a refusal: its title and option (or its product's id). */
export function titleOf(line: { title: string; variantName: string | null; productId: string }): string {
  const title = line.title || line.productId;
  return line.variantName ? `${title} (${line.variantName})` : title;
}

/** The operator's refusal for an unknown order (the shopper's lookups answer a plain 404). */
export const orderNotFound = () => new NotFoundError("Order not found", { code: ADMIN_ERROR_CODES.orderNotFound });

export interface OrdersDeps {
  data: DataLayer;
  repo: OrdersRepo;
  mail: MailRepo;
  catalog: CatalogRepo;
  stock: StockKeeper;
  /** Seals and stores the codes an operator types to fulfil a manual order, as an import stores codes. */
  intake: CodeIntake;
  mails: OrderMails;
  /** Wakes the mail worker after a commit that queued mail. */
  onMailQueued?: () => void;
  /** Where the operator hears of a paid order waiting for their manual codes. */
  alerts?: OperatorAlerts;
  clock?: () => number;
}

/** What an operator's action needs: who, and an optional note for the audit log. */
export interface Actor {
  username: string;
  note?: string;
}

/** How many codes each line still misses, for lines that take codes. */
export interface Shortfall {
  line: OrderLineRow;
  missing: number;
}

/** What an order's lines still need: `automatic`, the lines that take codes from stock by themselves (their product is
 * automatic, or they already hold codes) and how many they miss; `manual`, the lines the operator fulfils by hand
 * (their product is delivered manually, or gone) holding no code yet. An order is delivered once both are met. */
export interface Needs {
  automatic: Shortfall[];
  manual: Shortfall[];
}

/** What a line still missing codes asks of stock. */
export const toReserve = (s: Shortfall) => ({
  orderLineId: s.line.id,
  productId: s.line.productId,
  variantId: s.line.variantId,
  qty: s.missing,
});

/** The base of each part of the orders module: its dependencies, and what more than one part asks of an order. */
export abstract class OrdersPart {
  protected readonly clock: () => number;

  constructor(protected readonly deps: OrdersDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  protected get repo(): OrdersRepo {
    return this.deps.repo;
  }

  protected get codes() {
    return this.deps.stock.codes;
  }

  /** Lines that take codes (their product is automatic, or they already hold codes) and how many they miss. */
  protected async shortfall(tx: Tx, lines: readonly OrderLineRow[], codes: readonly CodeRow[]): Promise<Shortfall[]> {
    return (await this.needs(tx, lines, codes)).automatic;
  }

  /** What each line still needs (see Needs). */
  protected async needs(tx: Tx, lines: readonly OrderLineRow[], codes: readonly CodeRow[]): Promise<Needs> {
    const info = await this.codes.productInfo(
      tx,
      lines.map((l) => l.productId),
    );
    const out: Needs = { automatic: [], manual: [] };
    for (const line of lines) {
      const held = codes.filter((c) => c.orderLineId === line.id && (c.status === "reserved" || c.status === "sold"));
      if (held.length === 0 && info.get(line.productId)?.deliveryMode !== "automatic")
        out.manual.push({ line, missing: line.qty });
      else out.automatic.push({ line, missing: Math.max(0, line.qty - held.length) });
    }
    return out;
  }

  protected event(
    tx: Tx,
    orderId: string,
    at: number,
    actor: string,
    action: OrderEvent["action"],
    fromStatus: OrderStatus | null,
    toStatus: OrderStatus | null,
    detail = "",
  ): Promise<void> {
    return this.repo.addEvent(tx, { orderId, at, actor, action, fromStatus, toStatus, detail: detail.slice(0, 500) });
  }
}
