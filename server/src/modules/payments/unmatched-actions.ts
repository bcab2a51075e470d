/** The operator's actions on money the provider took that no order holds (Admin > Orders > Unmatched payments,
 * docs/decisions.md D47). Exports UnmatchedActions with deliver(id, actor) (the order is fulfilled through the one
 * settlement path, OrdersService.deliverAnywayIn, and the payment marked delivered, in one transaction; 409 with
 * nothing written when stock is short or the order already holds a payment) and refund(id, actor) (a Stripe payment
 * is claimed as `refunding`, refunded at Stripe outside any transaction with one Idempotency-Key per unmatched
 * payment, then marked refunded; any other provider's money is marked to be returned by hand). Each is written in the order's history, and acts once: a payment already
 * resolved is refused 409. */
import { ADMIN_ERROR_CODES } from "@store/shared/schemas/errors";
import type { UnmatchedActionResult, UnmatchedResolution } from "@store/shared/schemas/payments";
import type { DataLayer, Tx } from "../../db/data.ts";
import { AppError, ConflictError, NotFoundError } from "../../http/errors.ts";
import { WithClockAndLog, type ClockAndLog } from "../../lib/clock-and-log.ts";
import type { Actor } from "../orders/orders.common.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import type { OrdersRepo } from "../orders/orders.repo.ts";
import { money } from "./payment-mails.ts";
import type { PaymentsRepo, UnmatchedPaymentRow } from "./payments.repo.ts";
import { ProviderError } from "./provider.ts";
import type { StripeProvider } from "./stripe.ts";

export interface UnmatchedActionsDeps extends ClockAndLog {
  data: DataLayer;
  repo: PaymentsRepo;
  ordersRepo: OrdersRepo;
  orders: OrdersService;
  /** Stripe's client when it is the store's provider: only its payments can be refunded from the store. */
  stripe?: StripeProvider;
  /** Wakes the mail worker after a delivery's commit. */
  onMailQueued?: () => void;
}

const notFound = () => new NotFoundError("Unmatched payment not found", { code: ADMIN_ERROR_CODES.unmatchedNotFound });
const resolved = (row: UnmatchedPaymentRow) =>
  new ConflictError(`This payment was already handled (${row.resolution ?? "reopened"}).`, {
    code: ADMIN_ERROR_CODES.unmatchedResolved,
  });

/** The provider's name as the history writes it. */
const providerName = (provider: string) =>
  provider === "stripe" ? "Stripe" : provider === "konnect" ? "Konnect" : provider;

export class UnmatchedActions extends WithClockAndLog {
  constructor(private readonly deps: UnmatchedActionsDeps) {
    super(deps);
  }

  /** 'Deliver anyway': the order the money was for is delivered on it (or waits for the operator's manual codes). */
  async deliver(id: number, actor: Actor): Promise<UnmatchedActionResult> {
    const now = this.clock();
    const result = await this.deps.data.transaction(async (tx) => {
      // Claimed first: a second operator's press waits here for this one's row, then finds it resolved.
      const row = await this.claim(tx, id, [null], "delivered", actor.username, now);
      const what = `${providerName(row.provider)} payment ${row.paymentRef} of ${money(row.amount, row.currency)}`;
      const detail = [`Delivered anyway on ${what}, which no order held`, actor.note].filter(Boolean).join(": ");
      const order = await this.deps.orders.deliverAnywayIn(tx, row.orderCode, now, actor.username, detail);
      await this.deps.repo.holdPayment(tx, row.provider, row.paymentRef);
      return { payment: row, orderCode: order.code, orderStatus: order.status };
    });
    this.deps.onMailQueued?.();
    return result;
  }

  /** 'Refund': at Stripe when it took the money, else marked to be refunded by hand (the answer says which). */
  async refund(id: number, actor: Actor): Promise<UnmatchedActionResult> {
    const stripe = this.deps.stripe;
    const peek = await this.deps.data.read((tx) => this.deps.repo.unmatchedById(tx, id));
    if (!peek) throw notFound();
    if (!stripe || peek.provider !== "stripe")
      return this.finish(id, [null], "refund_by_hand", actor, (row) => {
        const amount = money(row.amount, row.currency);
        return `To refund by hand at ${providerName(row.provider)}: ${amount} (payment ${row.paymentRef}); the store cannot refund it itself`;
      });
    // Claimed before Stripe is asked, so 'Deliver anyway' cannot deliver on money being given back; pressed again
    // (or after a crash), Refund asks Stripe again with the same key and gets the same refund.
    const row = await this.deps.data.transaction((tx) =>
      this.claim(tx, id, [null, "refunding"], "refunding", actor.username, this.clock()),
    );
    let refund;
    try {
      refund = await stripe.refund(row.paymentRef, { orderCode: row.orderCode, key: `unmatched-refund-${row.id}` });
      if (refund.status === "failed" || refund.status === "canceled")
        throw new ProviderError("stripe", `refund ${refund.id} is ${refund.status}`);
    } catch (err) {
      const reason = err instanceof ProviderError ? err.reason : "error";
      this.log(`payment: stripe could not refund unmatched payment ${row.paymentRef} (${reason})`);
      await this.deps.data.transaction((tx) =>
        this.deps.repo.resolveUnmatched(tx, id, ["refunding"], null, actor.username, this.clock()),
      );
      throw new AppError(502, "Stripe did not refund the payment; nothing changed. Please try again.");
    }
    const said = `Refunded at Stripe: refund ${refund.id}, ${money(refund.amount, refund.currency.toUpperCase())}, ${refund.status ?? "no status"} (payment ${row.paymentRef}, which no order held)`;
    return this.finish(id, [null, "refunding"], "refunded", actor, () => said);
  }

  /** Resolves the payment and writes it in its order's history, in one transaction. */
  private finish(
    id: number,
    from: readonly (UnmatchedResolution | null)[],
    to: UnmatchedResolution,
    actor: Actor,
    said: (row: UnmatchedPaymentRow) => string,
  ): Promise<UnmatchedActionResult> {
    const now = this.clock();
    return this.deps.data.transaction(async (tx) => {
      const row = await this.claim(tx, id, from, to, actor.username, now);
      const order = await this.deps.ordersRepo.row(tx, row.orderCode);
      if (!order) throw notFound();
      const detail = [said(row), actor.note].filter(Boolean).join(": ");
      await this.deps.orders.note(tx, order.id, now, actor.username, "unmatched_refunded", detail);
      return { payment: row, orderCode: order.code, orderStatus: order.status };
    });
  }

  /** Marks the payment resolved, or refuses: unknown (404), already handled (409). */
  private async claim(
    tx: Tx,
    id: number,
    from: readonly (UnmatchedResolution | null)[],
    to: UnmatchedResolution,
    by: string,
    now: number,
  ): Promise<UnmatchedPaymentRow> {
    const done = await this.deps.repo.resolveUnmatched(tx, id, from, to, by, now);
    if (done) return done;
    const row = await this.deps.repo.unmatchedById(tx, id);
    throw row ? resolved(row) : notFound();
  }
}
