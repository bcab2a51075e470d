/** Online payments (docs/decisions.md D11, D45). Exports PaymentsService: options() (the enabled methods and the
 * currencies each takes), methodFor(currency, chosen) (the method an order is paid with, refused before any order
 * is written), start(code) (after checkout's commit: the payment at the order's provider, its reference and page
 * stored on the order; a failure cancels the order), konnectNotification(ref) (only a
 * reference one of the store's orders holds, whose payment is not recorded yet, is checked with Konnect, one lookup
 * at a time per reference), paymobNotification(rawBody, hmac) and paymobReturn(params) (Paymob's callback and the
 * shopper's way back, both verified by their HMAC, docs/decisions.md D46) and stripeNotification(rawBody, signature)
 * (verified, checked against the order, recorded
 * once in payment_events and settled through OrdersService.confirmPayment in the same transaction; a refund or a
 * dispute Stripe reports goes through OrdersService.refundIn). The same provider payment told again is a duplicate;
 * another payment for an order no longer awaiting one is recorded in unmatched_payments (docs/decisions.md D43),
 * listed by unmatched(). */
import type { Currency } from "@store/shared/currency";
import { isCurrency } from "@store/shared/currency";
import {
  PAYMENT_ERROR_CODES,
  PAYMENT_MESSAGES,
  type PaymentOptions,
  type PaymentProviderName,
} from "@store/shared/schemas/payments";
import type { PaymentConfig } from "../../config.ts";
import type { DataLayer, Tx } from "../../db/data.ts";
import { AppError, NotFoundError, ValidationError } from "../../http/errors.ts";
import type { OrderRow, OrdersRepo } from "../orders/orders.repo.ts";
import { REFUNDABLE } from "../orders/orders.common.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import type { AdminOrderDetail } from "@store/shared/schemas/orders";
import { WithClockAndLog, type ClockAndLog } from "../../lib/clock-and-log.ts";
import { SingleFlight } from "../../lib/single-flight.ts";
import { KONNECT_REF, KonnectProvider } from "./konnect.ts";
import type { AlertKind } from "@store/shared/schemas/operator-alerts";
import type { OperatorAlerts } from "../operator-alerts/alerts.service.ts";
import type { PaymentsRepo } from "./payments.repo.ts";
import {
  money,
  PAYMENT_REVERSED_KIND,
  PAYMENT_UNMATCHED_KIND,
  paymentReversedMail,
  paymentUnmatchedMail,
} from "./payment-mails.ts";
import { ONLINE_CURRENCIES, PROVIDER_LABELS, ProviderError, type OnlineProvider } from "./provider.ts";
import {
  isPaidTransaction,
  isReversedPayment,
  paymobCallbackSchema,
  PaymobProvider,
  paymobTransactionSchema,
  type PaymobTransaction,
} from "./paymob.ts";
import { processedCallbackString, redirectionString, verifyPaymobHmac } from "./paymob-hmac.ts";
import {
  STRIPE_DISPUTE_EVENT,
  STRIPE_REFUND_EVENT,
  STRIPE_SETTLING_EVENTS,
  StripeProvider,
  stripeEventSchema,
  type StripeEvent,
  verifyStripeEvent,
} from "./stripe.ts";

/** Minutes an unpaid order's payment page stays open when nothing else is said. */
const DEFAULT_PAYMENT_LIFESPAN_MINUTES = 60;

export interface PaymentsDeps extends ClockAndLog {
  data: DataLayer;
  repo: PaymentsRepo;
  ordersRepo: OrdersRepo;
  orders: OrdersService;
  config: PaymentConfig;
  publicUrl: string;
  /** Wakes the mail worker after a settlement's commit. */
  onMailQueued?: () => void;
  /** Where the operator hears of refunds, disputes and money no order holds (the operator alerts). */
  alerts?: OperatorAlerts;
  lifespanMinutes?: number;
  fetchImpl?: typeof fetch;
}

/** A provider's notification that a payment was made: the event, the provider payment, what was paid. */
interface Notification {
  eventId: string;
  type: string;
  paymentRef: string;
  amount: number;
  currency: string;
}

/** What a notification did: settled the order, or changed nothing (and why). */
/** Money going back, as followReversal() reads it from a provider's notification. */
interface Reversal {
  /** Unique per provider: the notification is recorded once under it. */
  eventId: string;
  type: string;
  /** The provider's payment the order was settled with. */
  paymentRef: string;
  amount: number;
  currency: string;
  /** The whole payment went back (a full refund, a void, a dispute). */
  full: boolean;
  dispute: boolean;
  /** What happened, in a sentence for the history and the operator. */
  what: string;
}

export interface NotificationResult {
  outcome:
    | "settled"
    | "duplicate"
    | "unmatched"
    | "refunded"
    | "disputed"
    | "partially_refunded"
    | "not_pending"
    | "not_paid"
    | "ignored";
  order?: string;
}

export class PaymentsService extends WithClockAndLog {
  /** The enabled methods, in the operator's order. */
  readonly methods: readonly PaymentProviderName[];
  /** The online ones, by name: an order is paid at the provider it names. */
  private readonly online = new Map<string, OnlineProvider>();
  private readonly konnect: KonnectProvider | undefined;
  private readonly stripe: StripeProvider | undefined;
  private readonly paymob: PaymobProvider | undefined;
  /** Konnect notifications being handled, by payment reference. */
  private readonly konnectChecks = new SingleFlight<string, NotificationResult>();

  constructor(private readonly deps: PaymentsDeps) {
    super(deps);
    this.methods = deps.config.methods.map((m) => m.provider);
    for (const c of deps.config.methods) {
      if (c.provider === "konnect")
        this.online.set(c.provider, (this.konnect = new KonnectProvider(c, deps.fetchImpl)));
      if (c.provider === "stripe") this.online.set(c.provider, (this.stripe = new StripeProvider(c, this.clock)));
      if (c.provider === "paymob") this.online.set(c.provider, (this.paymob = new PaymobProvider(c, deps.fetchImpl)));
    }
  }

  /** Stripe's client when Stripe is one of the store's methods: the operator's refund of money no order holds goes
   * through it. */
  get stripeClient(): StripeProvider | undefined {
    return this.stripe;
  }

  options(): PaymentOptions {
    return { methods: this.methods.map((method) => ({ method, currencies: [...ONLINE_CURRENCIES[method]] })) };
  }

  /**
   * The method an order in `currency` is paid with, refused (400, by code) before any order is written: the
   * shopper's choice when it is enabled and takes the currency; without a choice, the one enabled method that takes
   * it. When several take it the shopper must choose: the store does not pick a provider for them.
   */
  methodFor(currency: Currency, chosen?: PaymentProviderName | null): PaymentProviderName {
    const fitting = this.methods.filter((m) => ONLINE_CURRENCIES[m].includes(currency));
    if (chosen && !this.methods.includes(chosen))
      throw this.refusal("methodUnavailable", { method: chosen, methods: [...this.methods] });
    const taking = chosen ? [chosen].filter((m) => fitting.includes(m)) : fitting;
    const [only] = taking;
    if (only !== undefined && taking.length === 1) return only;
    if (taking.length > 1) throw this.refusal("methodRequired", { currency, methods: taking });
    const currencies = new Set((chosen ? [chosen] : this.methods).flatMap((m) => ONLINE_CURRENCIES[m]));
    throw this.refusal("currencyNotPayable", { currency, currencies: [...currencies] });
  }

  private refusal(what: "methodUnavailable" | "methodRequired" | "currencyNotPayable", params: object): AppError {
    return new AppError(400, PAYMENT_MESSAGES[what], undefined, undefined, {
      code: PAYMENT_ERROR_CODES[what],
      ...params,
    });
  }

  /**
   * After checkout's commit (never inside a transaction: it waits on the provider): creates the payment, stores
   * its reference and page on the order and answers the page's URL (null in manual mode). A repeated call
   * (an idempotent replay) answers the page already stored. When the provider fails, the order is cancelled
   * (its reserved codes go back) and the shopper gets a 502 with a code.
   */
  async start(code: string, method?: PaymentProviderName): Promise<string | null> {
    // A method without a provider (paid by hand) creates nothing: no need to read the order.
    if (method !== undefined && !this.online.has(method)) return null;
    const order = await this.deps.data.read((tx) => this.deps.ordersRepo.row(tx, code));
    if (!order) throw new NotFoundError("Order not found");
    const provider = this.online.get(order.paymentProvider);
    if (!provider) return null;
    if (order.status === "cancelled" && order.paymentRef === null) throw this.unavailable();
    if (order.status !== "pending_payment") return null;
    if (order.paymentLink) return order.paymentLink;
    const currency = isCurrency(order.currency) ? order.currency : "USD";
    const base = this.deps.publicUrl;
    const back = `${base}/order-success?code=${encodeURIComponent(code)}`;
    let created;
    try {
      created = await provider.createPayment({
        orderCode: code,
        amount: order.total,
        currency,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        customerPhone: order.customerWhatsapp,
        description: `Order ${code}`,
        lifespanMinutes: this.lifespanMinutes(order),
        ...(order.expiresAt === null ? {} : { expiresAt: order.expiresAt }),
        successUrl: `${back}&payment=return`,
        failUrl: `${back}&payment=cancelled`,
        webhookUrl: `${base}/api/payments/${provider.name}/webhook`,
        returnUrl: `${base}/api/payments/${provider.name}/return`,
      });
    } catch (err) {
      const reason = err instanceof ProviderError ? err.reason : err instanceof Error ? err.name : "error";
      this.log(`payment: ${provider.name} could not create the payment of order ${code} (${reason}); order cancelled`);
      await this.deps.orders
        .cancel(code, {
          username: `provider:${provider.name}`,
          note: `The payment could not be created (${reason.slice(0, 120)})`,
        })
        .catch(() => undefined);
      throw this.unavailable();
    }
    const stored = await this.deps.data.transaction((tx) =>
      this.deps.ordersRepo.attachPayment(tx, code, created.ref, created.url, this.clock()),
    );
    return stored?.paymentLink ?? null;
  }

  /** The payment page stays open as long as the order keeps its codes (its expiry), at least a minute. */
  private lifespanMinutes(order: OrderRow): number {
    if (order.expiresAt === null) return this.deps.lifespanMinutes ?? DEFAULT_PAYMENT_LIFESPAN_MINUTES;
    return Math.max(1, Math.round((order.expiresAt - this.clock()) / 60_000));
  }

  private unavailable(): AppError {
    return new AppError(502, PAYMENT_MESSAGES.unavailable, undefined, undefined, {
      code: PAYMENT_ERROR_CODES.unavailable,
    });
  }

  /**
   * Konnect's GET webhook. Anyone can call it with any reference, and checking one costs a call to Konnect with
   * the store's key: so only a reference stored on one of the store's orders, whose payment is not recorded yet, is
   * looked up (an order no longer awaiting payment included: see checkKonnect), anything else gets a neutral answer
   * at once. Notifications for one reference arriving together are handled
   * once: the others wait for that answer, and a notification that settled counts as a duplicate for them.
   */
  async konnectNotification(ref: string | undefined): Promise<NotificationResult> {
    const konnect = this.konnect;
    if (!konnect) throw new NotFoundError("Konnect is not one of this store's payment methods");
    if (!ref || !KONNECT_REF.test(ref)) throw this.refuse("konnect", "a malformed payment_ref", 400);
    const check = this.konnectChecks.run(ref, () => this.checkKonnect(konnect, ref));
    if (!check.joined) return check.value;
    const result = await check.value;
    return result.outcome === "settled" || result.outcome === "unmatched"
      ? { ...result, outcome: "duplicate" }
      : result;
  }

  private async checkKonnect(konnect: KonnectProvider, ref: string): Promise<NotificationResult> {
    const known = await this.deps.data.read(async (tx) => {
      const order = await this.deps.repo.orderByRef(tx, "konnect", ref);
      const recorded = order !== undefined && (await this.deps.repo.hasEvent(tx, "konnect", ref));
      return { order, recorded };
    });
    const order = known.order;
    if (!order) return { outcome: "ignored" };
    if (known.recorded) return { outcome: "duplicate", order: order.code };
    // An order no longer awaiting payment (cancelled, refunded) is still looked up once it is named: money Konnect
    // took for it is recorded as unmatched for the operator, and later notifications are answered from that record.
    let payment;
    try {
      payment = await konnect.payment(ref);
    } catch (err) {
      this.log(
        `payment: konnect notification ${ref} could not be checked (${err instanceof ProviderError ? err.reason : "error"})`,
      );
      throw new AppError(502, "Could not check the payment with Konnect. Please retry.");
    }
    if (!payment) throw this.refuse("konnect", `an unknown payment ${ref}`, 404);
    if (payment.status !== "completed") return { outcome: "not_paid" };
    return this.settle("konnect", {
      eventId: ref,
      type: "payment.completed",
      ref,
      paymentRef: ref,
      orderCode: payment.orderId ?? "",
      amount: payment.amount,
      currency: payment.token.toUpperCase(),
    });
  }

  /** Stripe's signed POST webhook, over the raw body. */
  async stripeNotification(rawBody: string, signature: string | undefined): Promise<NotificationResult> {
    const stripe = this.stripe;
    if (!stripe) throw new NotFoundError("Stripe is not one of this store's payment methods");
    const check = await verifyStripeEvent(stripe.settings.webhookSecret, rawBody, signature, this.clock());
    if (!check.ok && check.reason === "unreadable")
      throw this.refuse("stripe", "a notification in an unexpected shape", 400);
    if (!check.ok) throw this.refuse("stripe", `a notification with a ${check.reason} signature`, 400);
    const parsed = stripeEventSchema.safeParse(check.event);
    if (!parsed.success) throw this.refuse("stripe", "a notification in an unexpected shape", 400);
    const event = parsed.data;
    if (event.type === STRIPE_REFUND_EVENT || event.type === STRIPE_DISPUTE_EVENT) return this.reversal(event);
    if (!STRIPE_SETTLING_EVENTS.includes(event.type)) return { outcome: "ignored" };
    const session = event.data.object;
    // checkout.session.completed with payment_status 'unpaid': a delayed method, settled by async_payment_succeeded.
    if (session.payment_status !== "paid") return { outcome: "not_paid" };
    return this.settle("stripe", {
      eventId: event.id,
      type: event.type,
      ref: session.id,
      // The PaymentIntent is the payment itself; a session Stripe sent without one is its own payment.
      paymentRef: session.payment_intent ?? session.id,
      orderCode: session.client_reference_id ?? "",
      amount: session.amount_total ?? -1,
      currency: (session.currency ?? "").toUpperCase(),
    });
  }

  /**
   * Paymob's transaction processed callback (POST, JSON), verified by the HMAC of its transaction's fields (the `hmac`
   * query parameter). A paid transaction settles the order holding its Paymob order id, when amount and currency
   * (both signed) match; a declined, pending, refund or void transaction changes nothing. Recorded under its
   * transaction id, so a callback told again is a duplicate. Paymob's HMAC has no time in it: a genuine callback
   * replayed later is only that duplicate.
   */
  async paymobNotification(rawBody: string, hmac: string | undefined): Promise<NotificationResult> {
    const paymob = this.paymob;
    if (!paymob) throw new NotFoundError("Paymob is not one of this store's payment methods");
    const callback = paymobCallbackSchema.safeParse(this.json("paymob", rawBody));
    if (!callback.success) throw this.refuse("paymob", "a notification in an unexpected shape", 400);
    // Only transactions are signed with these fields; another kind (a saved card's TOKEN) changes nothing here.
    if (callback.data.type !== "TRANSACTION") return { outcome: "ignored" };
    if (!verifyPaymobHmac(paymob.settings.hmacSecret, processedCallbackString(callback.data.obj), hmac))
      throw this.refuse("paymob", `a notification with a ${hmac ? "mismatched" : "missing"} HMAC`, 400);
    const parsed = paymobTransactionSchema.safeParse(callback.data.obj);
    if (!parsed.success) throw this.refuse("paymob", "a transaction in an unexpected shape", 400);
    const t = parsed.data;
    if (isReversedPayment(t)) return this.paymobReversal(t);
    if (!isPaidTransaction(t)) return { outcome: t.success ? "ignored" : "not_paid" };
    const ref = String(t.order.id);
    const order = await this.deps.data.read((tx) => this.deps.repo.orderByRef(tx, "paymob", ref));
    if (!order) throw this.refuse("paymob", `a payment ${ref} for an unknown order`, 404);
    return this.settle("paymob", {
      eventId: String(t.id),
      type: "transaction.processed",
      ref,
      paymentRef: String(t.id),
      orderCode: order.code,
      amount: t.amount_cents,
      currency: t.currency.toUpperCase(),
    });
  }

  /**
   * The shopper back from Paymob's checkout (the transaction response callback, GET), verified by its HMAC: the store
   * path that shows their order, told whether Paymob said the payment went through. It settles nothing (the return is
   * not a payment, docs/decisions.md D11): the processed callback does.
   */
  async paymobReturn(params: URLSearchParams): Promise<string> {
    const paymob = this.paymob;
    if (!paymob) throw new NotFoundError("Paymob is not one of this store's payment methods");
    if (!verifyPaymobHmac(paymob.settings.hmacSecret, redirectionString(params), params.get("hmac")))
      throw this.refuse("paymob", "a return with a bad HMAC", 400);
    const ref = params.get("order_id") ?? "";
    const order = ref ? await this.deps.data.read((tx) => this.deps.repo.orderByRef(tx, "paymob", ref)) : undefined;
    if (!order) throw this.refuse("paymob", `a return for an unknown order ${ref.slice(0, 20)}`, 404);
    const paid = params.get("success") === "true" && params.get("pending") !== "true";
    return `/order-success?code=${encodeURIComponent(order.code)}&payment=${paid ? "return" : "cancelled"}`;
  }

  /** A refund (charge.refunded) or a dispute (charge.dispute.created) reported by Stripe, already verified. */
  private reversal(event: StripeEvent): Promise<NotificationResult> {
    const object = event.data.object;
    const paymentRef = object.payment_intent;
    if (!paymentRef) return Promise.resolve({ outcome: "ignored" });
    const dispute = event.type === STRIPE_DISPUTE_EVENT;
    const amount = (dispute ? object.amount : object.amount_refunded) ?? 0;
    const currency = (object.currency ?? "").toUpperCase();
    const full = dispute || object.refunded === true;
    return this.followReversal("stripe", {
      eventId: event.id,
      type: event.type,
      paymentRef,
      amount,
      currency,
      full,
      dispute,
      what: dispute
        ? `a dispute of ${money(amount, currency)} (reason: ${object.reason ?? "unknown"}, status: ${object.status ?? "unknown"})`
        : `${full ? "a full refund" : "a partial refund"} of ${money(amount, currency)}`,
    });
  }

  /** A payment Paymob has refunded or voided since, its processed callback already verified: Paymob tells the total
   * refunded so far, so each new total is an event of its own. */
  private paymobReversal(t: PaymobTransaction): Promise<NotificationResult> {
    const refunded = t.refunded_amount_cents ?? 0;
    const amount = t.is_voided === true ? t.amount_cents : refunded;
    const currency = t.currency.toUpperCase();
    const full = t.is_voided === true || refunded >= t.amount_cents;
    return this.followReversal("paymob", {
      eventId: t.is_voided === true ? `${t.id}:voided` : `${t.id}:refunded:${refunded}`,
      type: t.is_voided === true ? "transaction.voided" : "transaction.refunded",
      paymentRef: String(t.id),
      amount,
      currency,
      full,
      dispute: false,
      what:
        t.is_voided === true
          ? `a void of the payment (${money(amount, currency)})`
          : `${full ? "a full refund" : "a partial refund"} of ${money(amount, currency)}`,
    });
  }

  /**
   * Money going back that a provider reports (a refund made at the provider, a dispute, a void): the order the
   * payment paid is found from the settling notification's record. The event is recorded once; a full refund or a
   * dispute goes through the operator's refund (OrdersService.refundIn: the order refunded, the codes revoked or back
   * to stock, the history), a partial refund is only written in the history, and the operator is told. A payment
   * that paid none of the store's orders is ignored (200, so the provider stops sending it).
   */
  private async followReversal(provider: "stripe" | "paymob", r: Reversal): Promise<NotificationResult> {
    const { paymentRef, amount, currency, full, dispute, what } = r;
    const name = PROVIDER_LABELS[provider];
    const actor = `provider:${provider}`;
    const now = this.clock();
    const result = await this.deps.data.transaction(async (tx): Promise<NotificationResult> => {
      const code = await this.deps.repo.orderPaidBy(tx, provider, paymentRef);
      const order = code ? await this.deps.ordersRepo.row(tx, code) : undefined;
      if (!order) return { outcome: "ignored" };
      const recorded = await this.deps.repo.recordEvent(tx, {
        provider,
        eventId: r.eventId,
        type: r.type,
        orderCode: order.code,
        amount,
        currency,
        paymentRef,
        outcome: "pending",
        createdAt: now,
      });
      if (!recorded) return { outcome: "duplicate", order: order.code };
      const note = `${dispute ? "Disputed" : "Refunded"} at ${name}: ${what}`;
      const done = full
        ? await this.deps.orders.refundIn(tx, order.code, now, {
            actor,
            action: dispute ? "disputed" : "refunded",
            note,
          })
        : undefined;
      let outcome: NotificationResult["outcome"];
      let told: string;
      if (done) {
        outcome = dispute ? "disputed" : "refunded";
        told =
          `The order was ${done.from} and is now refunded: ${done.revoked} delivered code(s) revoked` +
          (done.masks.length > 0 ? ` (${done.masks.join(", ")}; the shopper already has them)` : "") +
          (done.released > 0 ? `, ${done.released} code(s) never sent went back to stock.` : ".");
      } else {
        outcome = full ? "not_pending" : "partially_refunded";
        told = full
          ? `The order was already ${order.status}: nothing changed.`
          : `The order is still ${order.status} and keeps its codes: revoke or refund the rest by hand if needed.`;
        await this.deps.orders.note(tx, order.id, now, actor, "payment_note", `${note}. ${told}`);
      }
      await this.deps.repo.setOutcome(tx, provider, r.eventId, outcome);
      // A refund the store asked for itself (or the operator marked) comes back from the provider: nothing to tell.
      if (outcome !== "not_pending" || dispute)
        await this.tellOperator(
          tx,
          now,
          PAYMENT_REVERSED_KIND,
          order.code,
          paymentReversedMail({ orderCode: order.code, provider: name, what, done: told }),
        );
      return { outcome, order: order.code };
    });
    if (result.outcome !== "ignored" && result.outcome !== "duplicate") this.deps.onMailQueued?.();
    if (result.outcome === "ignored")
      this.log(`payment: ${provider} ${r.type} ${r.eventId} names no payment of the store's orders; ignored`);
    else if (result.outcome !== "duplicate")
      this.log(`payment: ${provider} reports ${what} for order ${result.order ?? ""} (${result.outcome})`);
    return result;
  }

  /** Tells the operator, through the operator alerts (gathered into digests), in the caller's transaction. */
  private async tellOperator(
    tx: Tx,
    now: number,
    kind: AlertKind,
    orderCode: string,
    mail: { subject: string },
  ): Promise<void> {
    await this.deps.alerts?.record(tx, { kind, orderCode, summary: mail.subject }, now);
  }

  /**
   * The operator's 'Mark refunded'. An order paid through a provider that refunds (Stripe, Paymob) is refunded there
   * first (outside any transaction: it waits on the provider), and the provider's answer is written in the order's
   * history; when the provider refuses, nothing changes and the operator gets a 502 saying so. Any other order
   * (manual payment, Konnect, or one recorded before its payment was kept) is only marked: the operator returns the
   * money by hand, as the console says. The refund itself is OrdersService.refundIn, the same steps as a refund Stripe
   * reports.
   */
  async refundOrder(code: string, actor: { username: string; note?: string }): Promise<AdminOrderDetail> {
    const found = await this.deps.data.read(async (tx) => {
      const order = await this.deps.ordersRepo.row(tx, code);
      const provider = order ? this.online.get(order.paymentProvider) : undefined;
      const paymentRef =
        order && provider?.refund ? await this.deps.repo.settledBy(tx, provider.name, order.code) : undefined;
      return { order, provider, paymentRef };
    });
    const { order, provider } = found;
    if (!provider?.refund || !order || !found.paymentRef || !REFUNDABLE.includes(order.status))
      return this.deps.orders.refund(code, actor);
    const label = PROVIDER_LABELS[provider.name];
    let refund;
    try {
      refund = await provider.refund(found.paymentRef, { orderCode: order.code, amount: order.total });
    } catch (err) {
      const reason = err instanceof ProviderError ? err.reason : "error";
      this.log(`payment: ${provider.name} could not refund order ${order.code} (${reason})`);
      throw new AppError(502, `${label} did not refund the payment; the order is unchanged. Please try again.`);
    }
    if (refund.status === "failed" || refund.status === "canceled") {
      this.log(`payment: ${provider.name} refund ${refund.id} of order ${order.code} is ${refund.status}`);
      throw new AppError(502, `${label}'s refund ${refund.id} is ${refund.status}; the order is unchanged.`);
    }
    const said = `Refunded at ${label}: refund ${refund.id}, ${money(refund.amount, refund.currency.toUpperCase())}, ${refund.status ?? "no status"}`;
    const now = this.clock();
    await this.deps.data.transaction(async (tx) => {
      const note = [said, actor.note].filter(Boolean).join(": ");
      const done = await this.deps.orders.refundIn(tx, order.code, now, { actor: actor.username, note });
      // The provider's own notification of this refund may have refunded the order first: the answer is still written.
      if (!done) await this.deps.orders.note(tx, order.id, now, actor.username, "payment_note", note);
    });
    return this.deps.orders.findByCode(order.code);
  }

  /** Money the provider took that no order holds, newest first (Admin > Orders > Unmatched payments). */
  unmatched(limit = 100) {
    return this.deps.data.read((tx) => this.deps.repo.unmatched(tx, limit));
  }

  /** One transaction: the order must be this provider's, with this reference, amount and currency; the
   * notification is recorded once; the first one settles the order. */
  private async settle(
    provider: OnlineProvider["name"],
    n: Notification & { ref: string; orderCode: string },
  ): Promise<NotificationResult> {
    const now = this.clock();
    const result = await this.deps.data.transaction(async (tx): Promise<NotificationResult> => {
      const order = n.orderCode ? await this.deps.ordersRepo.row(tx, n.orderCode) : undefined;
      if (!order || order.paymentProvider !== provider || order.paymentRef !== n.ref)
        throw this.refuse(provider, `a payment ${n.ref} for an unknown order`, 404);
      const mismatch = this.mismatch(order, n.amount, n.currency);
      if (mismatch) throw this.refuse(provider, `a payment ${n.ref} for order ${order.code} with ${mismatch}`, 400);
      return this.record(tx, provider, n, order, now);
    });
    if (result.outcome === "settled" || result.outcome === "unmatched") this.deps.onMailQueued?.();
    if (result.outcome === "unmatched")
      this.log(
        `payment: ${provider} payment ${n.paymentRef} of ${money(n.amount, n.currency)} for order ${n.orderCode}, which no longer awaits payment: recorded as unmatched; refund it or deliver by hand`,
      );
    return result;
  }

  private async record(
    tx: Tx,
    provider: OnlineProvider["name"],
    n: Notification,
    order: OrderRow,
    now: number,
  ): Promise<NotificationResult> {
    const base = {
      provider,
      eventId: n.eventId,
      type: n.type,
      orderCode: order.code,
      amount: n.amount,
      currency: n.currency,
      paymentRef: n.paymentRef,
      createdAt: now,
    };
    // The order's settlement and its record stand or fall together: a repeat finds the record and stops here.
    if (!(await this.deps.repo.recordEvent(tx, { ...base, outcome: "pending" })))
      return { outcome: "duplicate", order: order.code };
    // The order's history names the provider as the one who confirmed the payment.
    const settled = await this.deps.orders.confirmPayment(tx, order.code, now, `provider:${provider}`);
    let outcome: NotificationResult["outcome"] = "settled";
    if (!settled) {
      // Another event about the payment that paid the order (Stripe's completed after async success, a re-sent
      // event) is the same money told again. A row written before payments were recorded has no reference: it was
      // the order's one session, so the same payment too.
      const paidBy = await this.deps.repo.settledBy(tx, provider, order.code);
      const same = paidBy === null || paidBy === n.paymentRef;
      // Money no order holds is recorded once per provider payment: told again, it is a duplicate too.
      outcome = !same && (await this.unmatchedPayment(tx, provider, n, order, now)) ? "unmatched" : "duplicate";
    }
    await this.deps.repo.setOutcome(tx, provider, n.eventId, outcome);
    return { outcome, order: order.code };
  }

  /** Records money no order holds and tells the operator; false when this provider payment was already recorded. */
  private async unmatchedPayment(
    tx: Tx,
    provider: OnlineProvider["name"],
    n: Notification,
    order: OrderRow,
    now: number,
  ): Promise<boolean> {
    const fresh = await this.deps.repo.recordUnmatched(tx, {
      provider,
      paymentRef: n.paymentRef,
      orderCode: order.code,
      amount: n.amount,
      currency: n.currency,
      orderStatus: order.status,
      createdAt: now,
    });
    if (!fresh) return false;
    await this.tellOperator(
      tx,
      now,
      PAYMENT_UNMATCHED_KIND,
      order.code,
      paymentUnmatchedMail({
        orderCode: order.code,
        provider: PROVIDER_LABELS[provider],
        amount: money(n.amount, n.currency),
        orderStatus: order.status,
      }),
    );
    return true;
  }

  private mismatch(order: OrderRow, amount: number, currency: string): string | null {
    if (currency !== order.currency) return `currency ${currency.slice(0, 10)} instead of ${order.currency}`;
    if (amount !== order.total) return `amount ${amount} instead of ${order.total}`;
    return null;
  }

  /** A notification's body parsed, or refused (400) when it is not JSON. */
  private json(provider: string, rawBody: string): unknown {
    try {
      return JSON.parse(rawBody);
    } catch {
      throw this.refuse(provider, "a notification that is not JSON", 400);
    }
  }

  /** A refused notification: logged (what and why, never a key or signature) and answered 4xx. */
  private refuse(provider: string, what: string, status: 400 | 404): AppError {
    this.log(`payment: refused ${provider} ${what}`);
    return status === 404 ? new NotFoundError("Unknown payment") : new ValidationError("Invalid payment notification");
  }
}
