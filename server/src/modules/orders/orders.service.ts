/** Order rules and the order lifecycle (docs/decisions.md D10), the one door the routes and other modules use. Each
 * job is a part of its own, composed here: OrderQueries (orders.queries.ts: the admin's detail and list, held stock,
 * work to do, the shopper's views), OrdersDashboard (orders.dashboard.ts: metrics, sales, top products, stock
 * alerts), OrderSettlement (orders.settlement.ts: confirmPayment, fillAwaitingStock, expireDue) and OrderActions
 * (orders.actions.ts: the operator's actions, each in the order's audit log, and the shopper's cancel). */
import type {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderPage,
  AwaitingFulfilment,
  FulfilOrder,
  Metrics,
  OrderEvent,
  PrivateOrder,
  PublicOrder,
  Sales,
  TopProducts,
} from "@store/shared/schemas/orders";
import type { HeldStock, StockAlerts } from "@store/shared/schemas/stock";
import type { Tx } from "../../db/data.ts";
import { OrderActions, type RefundDone } from "./orders.actions.ts";
import type { Actor, OrdersDeps } from "./orders.common.ts";
import { OrdersDashboard } from "./orders.dashboard.ts";
import { OrderQueries } from "./orders.queries.ts";
import type { OrderRow } from "./orders.repo.ts";
import { OrderSettlement } from "./orders.settlement.ts";

export class OrdersService {
  private readonly queries: OrderQueries;
  private readonly dashboard: OrdersDashboard;
  private readonly settlement: OrderSettlement;
  private readonly actions: OrderActions;

  constructor(deps: OrdersDeps) {
    this.queries = new OrderQueries(deps);
    this.dashboard = new OrdersDashboard(deps);
    this.settlement = new OrderSettlement(deps);
    this.actions = new OrderActions(deps, this.queries, this.settlement);
  }

  // ---------- Reads (OrderQueries) ----------

  findByCode(code: string): Promise<AdminOrderDetail> {
    return this.queries.findByCode(code);
  }

  list(query: AdminOrderListQuery): Promise<AdminOrderPage> {
    return this.queries.list(query);
  }

  heldStock(): Promise<HeldStock> {
    return this.queries.heldStock();
  }

  awaitingFulfilment(): Promise<AwaitingFulfilment> {
    return this.queries.awaitingFulfilment();
  }

  publicLookup(code: string): Promise<PublicOrder> {
    return this.queries.publicLookup(code);
  }

  privateOrder(token: string): Promise<PrivateOrder> {
    return this.queries.privateOrder(token);
  }

  // ---------- Dashboard (OrdersDashboard) ----------

  metrics(now?: number): Promise<Metrics> {
    return this.dashboard.metrics(now);
  }

  sales(days?: number, tzMinutes?: number, now?: number): Promise<Sales> {
    return this.dashboard.sales(days, tzMinutes, now);
  }

  topProducts(days?: number, tzMinutes?: number, now?: number): Promise<TopProducts> {
    return this.dashboard.topProducts(days, tzMinutes, now);
  }

  stockAlerts(): Promise<StockAlerts> {
    return this.dashboard.stockAlerts();
  }

  // ---------- Settlement (OrderSettlement) ----------

  confirmPayment(tx: Tx, code: string, now: number, actor?: string): Promise<OrderRow | undefined> {
    return this.settlement.confirmPayment(tx, code, now, actor);
  }

  fillAwaitingStock(tx: Tx, now: number): Promise<string[]> {
    return this.settlement.fillAwaitingStock(tx, now);
  }

  expireDue(now?: number, limit?: number): Promise<string[]> {
    return this.settlement.expireDue(now, limit);
  }

  // ---------- Actions (OrderActions) ----------

  markPaid(code: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.actions.markPaid(code, actor);
  }

  resendDelivery(code: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.actions.resendDelivery(code, actor);
  }

  replaceCode(code: string, codeId: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.actions.replaceCode(code, codeId, actor);
  }

  cancel(code: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.actions.cancel(code, actor);
  }

  release(code: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.actions.release(code, actor);
  }

  refund(code: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.actions.refund(code, actor);
  }

  fulfilManual(code: string, request: FulfilOrder, actor: Actor): Promise<AdminOrderDetail> {
    return this.actions.fulfilManual(code, request, actor);
  }

  cancelByShopper(token: string): Promise<PrivateOrder> {
    return this.actions.cancelByShopper(token);
  }

  refundIn(
    tx: Tx,
    code: string,
    now: number,
    by: { actor: string; action?: "refunded" | "disputed"; note?: string },
  ): Promise<RefundDone | undefined> {
    return this.actions.refundIn(tx, code, now, by);
  }

  deliverAnywayIn(tx: Tx, code: string, now: number, actor: string, detail: string): Promise<OrderRow> {
    return this.actions.deliverAnywayIn(tx, code, now, actor, detail);
  }

  note(tx: Tx, orderId: string, now: number, actor: string, action: OrderEvent["action"], detail: string) {
    return this.actions.note(tx, orderId, now, actor, action, detail);
  }
}
