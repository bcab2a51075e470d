/** Checkout (docs/decisions.md D6, D8, D9, D11, D12): prices every line from the server's own data, checks the client's
 * subtotal, redeems the promo, and writes the order, its lines, the outbox mail and the idempotency record
 * in one transaction; the dev mailbox delivers the confirmation in that same transaction, SMTP right after it. */
import {
  CHECKOUT_ERROR_CODES,
  CHECKOUT_MESSAGES,
  checkoutRequestSchema,
  type CheckoutInput,
  type CheckoutResponse,
} from "@store/shared/schemas/checkout";
import { PROMO_INVALID } from "@store/shared/schemas/promos";
import { lineKey } from "@store/shared/cart";
import { ratesWith, type Currency, type Rates } from "@store/shared/currency";
import { applyPercent, unitPrice, type Prices } from "@store/shared/money";
import type { DataLayer, Tx } from "../../db/data.ts";
import { ERROR_CODES } from "@store/shared/schemas/error-codes";
import { AppError, ConflictError, TooManyRequestsError, fieldRefusal, problem } from "../../http/errors.ts";
import { requestFingerprint } from "../../http/idempotency.ts";
import { parseWith } from "../../http/validate.ts";
import { newTimeOrderedId } from "../../lib/ids.ts";
import type { IdempotencyService, StoredResponse } from "../idempotency/idempotency.service.ts";
import type { MailRepo } from "../mail/mail.repo.ts";
import type { MailWorker } from "../mail/mail.worker.ts";
import { operatorNotificationMail, orderConfirmationMail, type OrderMailData } from "../mail/templates.ts";
import type { StockKeeper } from "../codes/stock.ts";
import { CONFIRMATION_KIND, type OrderMails } from "../orders/order-mails.ts";
import { hashToken, newOrderCode, newOrderToken } from "../orders/order-code.ts";
import type { NewOrderLine, NewOrderValues, OrdersRepo } from "../orders/orders.repo.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import { promoWorks, type PromosRepo } from "../promos/promos.repo.ts";
import { normalizeCode } from "../promos/promos.service.ts";
import type { CheckoutRepo, Holds, PricingProduct, PricingVariant } from "./checkout.repo.ts";
import { unpaidOrderTtlMs, type HoldLimits, type PaymentProviderName } from "../../config.ts";
import type { OrderLimits } from "@store/shared/store-settings";

export {};
const OPERATOR_KIND = "operator_new_order";
/** The window of RECIPIENT_UNITS_PER_DAY. */
const RECIPIENT_WINDOW_MS = 24 * 3_600_000;
/** With every hold limit off, nothing is read. */
const NO_HOLDS: Holds = { byAddress: new Map(), byEmail: new Map(), recent: new Map() };

export interface CheckoutDeps {
  data: DataLayer;
  repo: CheckoutRepo;
  orders: OrdersRepo;
  promos: PromosRepo;
  mail: MailRepo;
  idempotency: IdempotencyService;
  worker: MailWorker;
  /** The payment provider: refuses a currency it cannot take, and creates the payment after the commit. */
  payments: Pick<PaymentsService, "methodFor" | "start">;
  stock: StockKeeper;
  mails: OrderMails;
  publicUrl: string;
  operatorEmail: string | undefined;
  /** How long an unpaid order keeps its reserved codes (ms); null: the operator's reservation time (OrderLimits). */
  unpaidOrderTtlMs: number | null;
  /** What one client address and one recipient may hold unpaid, and order in 24 hours. */
  holdLimits: HoldLimits;
  /** How long the response waits for the confirmation to go out. */
  sendTimeoutMs?: number;
  clock?: () => number;
}

interface PricedLine extends NewOrderLine {
  productId: string;
  variantId: string | null;
  variantName: string | null;
  /** Sold from code stock: codes are reserved for it with the order. */
  automatic: boolean;
}

/** An order's lines priced, with the settings it is written with (read with its products). */
interface PricedOrder {
  lines: PricedLine[];
  rates: Rates;
  limits: OrderLimits;
  /** Within how many hours a line delivered by hand is sent: its mail promises it. */
  manualDeliveryHours: number;
}

function pricesOf(p: PricingProduct | PricingVariant): Prices {
  return { USD: p.priceUsd, TND: p.priceTnd, EUR: p.priceEur, EGP: p.priceEgp };
}

/** The answer's payment part: the provider's page to send the shopper to, or none (manual payment). */
function paid(paymentLink: string | null): Pick<CheckoutResponse, "paymentLink" | "requiresPayment"> {
  return { paymentLink, requiresPayment: paymentLink !== null };
}

export class CheckoutService {
  private readonly clock: () => number;

  constructor(private readonly deps: CheckoutDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /** Validates the JSON body of a checkout (400 with the field errors when it is not an order). */
  parse(raw: unknown): CheckoutInput {
    return parseWith(checkoutRequestSchema, raw);
  }

  /** Whether a promo code works now: read in the checkout's guard, which counts only misses against the promo
   * budget (the order itself checks and redeems the code again). */
  async promoWorksNow(tx: Tx, code: string, now: number): Promise<boolean> {
    const promo = await this.deps.promos.get(tx, normalizeCode(code));
    return promo !== undefined && promoWorks(promo, now);
  }

  /** Places an order; `input` is `raw` parsed by parse(), `raw` the JSON body as received (the idempotency
   * fingerprint). `throttle` counts the request against its rate limits in the order's transaction and answers
   * the seconds to wait (0 to go ahead): its counts are kept whether the order is written, refused or throttled
   * (`{ wait }`, and nothing else written). `confirmations` counts the confirmation mail against the recipient's
   * daily budget inside the order's own savepoint, so only orders written count, and answers the seconds to wait:
   * past the budget the order is refused whole (429 recipient_daily_limit; docs/decisions.md D39). `address` is the
   * client's (as the rate limits see it): the units it holds unpaid are bounded. */
  async place(
    input: CheckoutInput,
    raw: unknown,
    idempotencyKey: string | undefined,
    throttle?: (tx: Tx) => Promise<number>,
    confirmations?: (tx: Tx) => Promise<number>,
    address: string | null = null,
  ): Promise<CheckoutResponse | { wait: number }> {
    const fingerprint = requestFingerprint("POST", "/api/checkout", raw);
    const { data, worker } = this.deps;
    let confirmation: Promise<{ id: number; sent: boolean | undefined }> | undefined;
    /** The products whose codes the order took. */
    let codesOf: string[] = [];
    /** How the order is paid, as written. */
    let method: PaymentProviderName | undefined;
    // Group commit: this order is written with the others that arrive meanwhile, each in its own savepoint, after
    // its rate limits are counted (kept whether the order is written, refused or throttled).
    const outcome = await data.batchGuarded(
      (tx) => (throttle ? throttle(tx) : Promise.resolve(0)),
      async (tx) => {
        // Read while the order's key is claimed (one round trip on PostgreSQL), and dropped by a replay: the order's
        // products and exchange rate, and a random order code no order has.
        const priced = tx.ahead(this.priceLines(tx, input.items, input.currency));
        const code = tx.ahead(this.freeOrderCode(tx));
        // What this address and recipient hold already, read with them (no round trip of its own).
        const since = this.clock() - RECIPIENT_WINDOW_MS;
        const { heldPerProduct, heldTotal, recipientPerDay } = this.deps.holdLimits;
        const holds = tx.ahead(
          heldPerProduct + heldTotal + recipientPerDay === 0
            ? Promise.resolve(NO_HOLDS)
            : this.deps.repo.holds(tx, address, input.email.toLowerCase(), since),
        );
        return this.deps.idempotency.runIn(
          tx,
          "checkout",
          idempotencyKey,
          fingerprint,
          async (tx, answer: (response: StoredResponse) => Promise<void>) => {
            const written = await this.write(tx, input, address, priced, code, holds, answer, confirmations);
            confirmation = written.confirmation;
            codesOf = written.codesOf;
            method = written.method;
            return { status: 200, body: written.body };
          },
        );
      },
    );
    if ("refused" in outcome) return { wait: outcome.refused };
    if ("error" in outcome) throw outcome.error;
    const { response, replayed } = outcome.value;
    if (!replayed) this.deps.stock.recheckAfterCommit(codesOf);
    const body = response.body as CheckoutResponse;
    // The payment at the provider (docs/decisions.md D11), after the commit and never inside it: a replay
    // gets the page already created; a provider failure cancels the order and answers 502.
    // The order just written names its method: an order paid by hand needs no read of it (a replay's does).
    const payment = this.deps.payments.start(body.panierCode, replayed ? undefined : method);
    if (replayed || confirmation === undefined) {
      const [paymentLink, emailSent] = await Promise.all([payment, this.confirmationSent(body.panierCode)]);
      return { ...body, ...paid(paymentLink), emailSent };
    }
    // The dev mailbox delivered in the order's own commit; over SMTP the confirmation goes out right here,
    // after the commit. The poller only needs waking for the operator's copy.
    const mail = await confirmation;
    const emailSent = mail.sent ?? worker.sendNow(mail.id, this.deps.sendTimeoutMs ?? 3_000);
    if (this.deps.operatorEmail) worker.wake();
    const [paymentLink, sent] = await Promise.all([payment, emailSent]);
    return { ...body, ...paid(paymentLink), emailSent: sent };
  }

  private confirmationSent(code: string): Promise<boolean> {
    return this.deps.data.read(async (tx) => {
      const order = await this.deps.orders.row(tx, code);
      return (
        order !== undefined && (await this.deps.mail.firstForOrder(tx, order.id, CONFIRMATION_KIND))?.status === "sent"
      );
    });
  }

  /** Current prices of the requested lines in `currency` (merging repeated lines), and the exchange rates they
   * were priced at (read with the products). Throws for unknown products or options (400) and for out-of-stock
   * products (409). */
  async priceLines(tx: Tx, items: CheckoutInput["items"], currency: Currency): Promise<PricedOrder> {
    const merged = new Map<string, { id: string; variantId: string | null; qty: number }>();
    for (const item of items) {
      const variantId = item.variantId ?? null;
      const key = lineKey({ id: item.id, variantId: variantId ?? undefined });
      const line = merged.get(key);
      if (line) line.qty += item.qty;
      else merged.set(key, { id: item.id, variantId, qty: item.qty });
    }
    const { products, usdToTnd, limits, manualDeliveryHours } = await this.deps.repo.pricing(tx, [
      ...new Set([...merged.values()].map((l) => l.id)),
    ]);
    const rates = ratesWith(usdToTnd);
    const lines: PricedLine[] = [];
    for (const { id, variantId, qty } of merged.values()) {
      const product = products.get(id);
      if (!product) {
        throw new AppError(400, `This product is not available: ${id}`, undefined, undefined, {
          code: CHECKOUT_ERROR_CODES.unavailable,
          id,
        });
      }
      let variant: PricingVariant | undefined;
      if (variantId !== null) {
        variant = await this.deps.repo.variant(tx, variantId);
        if (!variant || variant.productId !== id) {
          throw new AppError(400, `This product option is not available: ${variantId}`, undefined, undefined, {
            code: CHECKOUT_ERROR_CODES.unavailable,
            id,
            variantId,
            title: product.title,
          });
        }
      } else if (product.variantCount > 0) {
        throw new AppError(400, `Please choose an option for "${product.title}".`, undefined, undefined, {
          code: CHECKOUT_ERROR_CODES.optionRequired,
          id,
          title: product.title,
        });
      }
      // An automatic product's stock is its codes: the reservation refuses it (insufficient_stock, with what is left).
      if (!product.inStock && product.deliveryMode !== "automatic") {
        throw new ConflictError(`"${product.title}" is out of stock. Please remove it from your cart.`, {
          code: CHECKOUT_ERROR_CODES.outOfStock,
          id,
          variantId,
          title: product.title,
        });
      }
      const unit = unitPrice(pricesOf(variant ?? product), product.discountPercent, currency, rates);
      lines.push({
        productId: id,
        variantId,
        title: product.title,
        variantName: variant?.name ?? null,
        qty,
        unitPrice: unit,
        lineTotal: unit * qty,
        automatic: product.deliveryMode === "automatic",
      });
    }
    return { lines, rates, limits, manualDeliveryHours };
  }

  /** Refuses an order past the stock-hoarding guards (docs/operations.md "Limits"), before anything is written: more
   * of one product than an order may hold (400), or more than this address or recipient may hold unpaid, per product
   * or in all, or than the recipient may get in 24 hours (409). */
  private checkLimits(lines: readonly PricedLine[], limits: OrderLimits, holds: Holds): void {
    const { heldPerProduct, heldTotal, recipientPerDay } = this.deps.holdLimits;
    const perProduct = new Map<string, { title: string; qty: number }>();
    for (const l of lines) {
      const seen = perProduct.get(l.productId);
      if (seen) seen.qty += l.qty;
      else perProduct.set(l.productId, { title: l.title, qty: l.qty });
    }
    for (const [id, { title, qty }] of perProduct) {
      const about = { id, title };
      const limit = limits.maxQtyPerOrder;
      if (qty > limit)
        throw new AppError(
          400,
          problem(
            `At most ${limit} of "${title}" per order. Please lower the quantity.`,
            CHECKOUT_ERROR_CODES.quantityLimit,
            {
              title,
              limit,
            },
          ),
          undefined,
          undefined,
          about,
        );
      const held = Math.max(holds.byAddress.get(id) ?? 0, holds.byEmail.get(id) ?? 0);
      if (heldPerProduct > 0 && held + qty > heldPerProduct)
        throw new ConflictError(
          problem(
            `${held} of "${title}" already await payment (at most ${heldPerProduct} at a time). Pay or cancel them first.`,
            CHECKOUT_ERROR_CODES.heldLimit,
            { title, limit: heldPerProduct, held },
          ),
          about,
        );
      if (recipientPerDay > 0 && (holds.recent.get(id) ?? 0) + qty > recipientPerDay)
        throw new ConflictError(
          problem(
            `At most ${recipientPerDay} of "${title}" per day for one email address. Please try again tomorrow.`,
            CHECKOUT_ERROR_CODES.recipientDailyLimit,
            { title, limit: recipientPerDay },
          ),
          about,
        );
    }
    const total = (units: ReadonlyMap<string, number>) => [...units.values()].reduce((n, u) => n + u, 0);
    const held = Math.max(total(holds.byAddress), total(holds.byEmail));
    if (heldTotal > 0 && held + lines.reduce((n, l) => n + l.qty, 0) > heldTotal)
      throw new ConflictError(
        problem(
          `${held} items already await payment (at most ${heldTotal} at a time). Pay or cancel them first.`,
          CHECKOUT_ERROR_CODES.heldTotalLimit,
          { limit: heldTotal, held },
        ),
      );
  }

  /** Codes for the automatic lines, reserved in the order's transaction: a line that cannot get them all refuses
   * the whole order (409 insufficient_stock, naming the product and how many are left). */
  private async reserveCodes(tx: Tx, orderId: string, lines: readonly PricedLine[], now: number): Promise<void> {
    // Each line's codes find it by its product and option (orderLineId null): its id is not awaited.
    const wanted = lines.flatMap((l) =>
      l.automatic
        ? [{ orderLineId: null, productId: l.productId, variantId: l.variantId, qty: l.qty, title: l.title }]
        : [],
    );
    if (wanted.length === 0) return;
    const got = await this.deps.stock.reserve(tx, orderId, wanted, now);
    wanted.forEach((w, i) => {
      const available = got[i] ?? 0;
      if (available >= w.qty) return;
      throw new ConflictError(
        available === 0
          ? `"${w.title}" is out of stock. Please remove it from your cart.`
          : `Only ${available} of "${w.title}" left. Please lower the quantity.`,
        {
          code: CHECKOUT_ERROR_CODES.insufficientStock,
          id: w.productId,
          variantId: w.variantId,
          title: w.title,
          available,
        },
      );
    });
  }

  /** A random order code that no order has yet, drawn again in the rare case it is taken. */
  private async freeOrderCode(tx: Tx): Promise<string> {
    for (let i = 0; i < 10; i++) {
      const code = newOrderCode();
      if (!(await this.deps.orders.codeTaken(tx, code))) return code;
    }
    throw new Error("Could not allocate a unique order code");
  }

  /** Writes the order priced by priceLines() (`priced`) under the code of freeOrderCode() (`code`), both read
   * ahead in the same transaction, and stores the answer with `answer` alongside its last statements. */
  private async write(
    tx: Tx,
    input: CheckoutInput,
    address: string | null,
    priced: Promise<PricedOrder>,
    freeCode: Promise<string>,
    holds: Promise<Holds>,
    answer: (response: StoredResponse) => Promise<void>,
    confirmations?: (tx: Tx) => Promise<number>,
  ): Promise<{
    body: CheckoutResponse;
    confirmation: Promise<{ id: number; sent: boolean | undefined }>;
    codesOf: string[];
    method: PaymentProviderName;
  }> {
    const { publicUrl, operatorEmail } = this.deps;
    const now = this.clock();
    const currency = input.currency;
    const paymentProvider = this.deps.payments.methodFor(currency, input.paymentMethod);
    const { lines, rates, limits, manualDeliveryHours } = await priced;
    this.checkLimits(lines, limits, await holds);
    const rate = rates[currency];
    const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
    if (input.subtotal !== undefined && input.subtotal !== null && input.subtotal !== subtotal) {
      throw new ConflictError(problem(CHECKOUT_MESSAGES.pricesChanged, ERROR_CODES.pricesChanged), {
        prices: lines.map((l) => ({ id: l.productId, variantId: l.variantId, unitPrice: l.unitPrice })),
        subtotal,
      });
    }

    const promoCode = normalizeCode(input.promoCode ?? "");
    let promoPercent = 0;
    if (promoCode) {
      const percent = await this.deps.promos.redeem(tx, promoCode, now);
      if (percent === undefined) throw fieldRefusal("promoCode", problem(PROMO_INVALID, ERROR_CODES.promoInvalid));
      promoPercent = percent;
    }
    const total = applyPercent(subtotal, promoPercent);
    const discount = subtotal - total;
    // The inbox's confirmations of the day, counted without a round trip of its own (it leaves with the statements
    // that follow) and checked before the order's mail: a refusal rolls this count back with the rest of the order.
    const counted = confirmations ? tx.ahead(confirmations(tx)) : Promise.resolve(0);

    const token = newOrderToken();
    const orderId = newTimeOrderedId("ord", now);
    const order: NewOrderValues = {
      id: orderId,
      code: await freeCode,
      status: "pending_payment",
      customerName: input.name,
      customerEmail: input.email,
      customerWhatsapp: input.whatsapp,
      notes: input.notes,
      locale: input.locale,
      currency,
      rate: String(rate),
      subtotal,
      discount,
      total,
      promoCode: promoCode || null,
      promoPercent,
      paymentProvider,
      paymentLink: null,
      accessTokenHash: hashToken(token),
      // Sealed, so mail naming the private link can be rendered when sent (docs/decisions.md D10).
      accessTokenSealed: this.deps.mails.sealToken(orderId, token),
      expiresAt: now + unpaidOrderTtlMs(this.deps.unpaidOrderTtlMs, paymentProvider, limits.reservationHours),
      createdAt: now,
      updatedAt: now,
      clientAddress: address,
    };
    const code = order.code;
    const orderUrl = `${publicUrl}/orders/${token}`;
    const mailData: OrderMailData = {
      code,
      customerName: input.name,
      customerEmail: input.email,
      customerWhatsapp: input.whatsapp,
      notes: input.notes,
      currency,
      lines,
      subtotal,
      discount,
      total,
      promoCode: promoCode || null,
      orderUrl,
      paymentLink: null,
    };
    if (lines.some((l) => !l.automatic)) mailData.manualDeliveryHours = manualDeliveryHours;
    // The order and its lines are inserted with an automatic order's code reservation (one round trip on
    // PostgreSQL); its mail and the answer are written after them, with the COMMIT, so a refused order (out of stock,
    // or past the inbox's confirmations) leaves no mail (nor its .eml copy). Only an order placed at the same moment
    // could take the code between its check and here (on PostgreSQL): this order then fails whole, and the shopper's
    // retry with the same key draws another code.
    const inserted = this.deps.orders.insertOrder(tx, order).then((fresh) => {
      if (!fresh) throw new Error("The order's code was taken meanwhile.");
    });
    const rows = Promise.all([this.deps.orders.insertLines(tx, order, lines), inserted]);
    // Awaited with the rest below, or left behind when the reservation refuses the order (which then rolls back).
    rows.catch(() => undefined);
    if (lines.some((l) => l.automatic)) await this.reserveCodes(tx, orderId, lines, now);
    const wait = await counted;
    if (wait > 0) {
      throw new TooManyRequestsError(
        CHECKOUT_MESSAGES.recipientDailyLimit,
        wait,
        CHECKOUT_ERROR_CODES.recipientDailyLimit,
      );
    }
    // The outbox keeps the kind and the order, not the link (rendered again if it must be retried).
    const content = orderConfirmationMail(input.locale, mailData);
    const body: CheckoutResponse = {
      panierCode: code,
      paymentLink: null,
      requiresPayment: false,
      emailSent: false,
      orderUrl,
      total,
      currency,
    };
    // Not awaited here: they are awaited as the order commits (on PostgreSQL its COMMIT leaves with them), so each
    // is one statement with nothing after it (a pending order's lines count no sales).
    const written = tx.last(
      Promise.all([
        this.deps.worker.enqueue(
          tx,
          {
            kind: CONFIRMATION_KIND,
            orderId,
            to: input.email,
            subject: content.subject,
            text: "",
            html: "",
            params: "{}",
          },
          now,
          content,
        ),
        operatorEmail
          ? this.deps.mail.enqueue(
              tx,
              { kind: OPERATOR_KIND, orderId, to: operatorEmail, ...operatorNotificationMail(mailData) },
              now,
            )
          : undefined,
        rows,
        answer({ status: 200, body }),
      ]),
    );
    const confirmation = written.then(([mail]) => mail);
    confirmation.catch(() => undefined);
    return {
      confirmation,
      body,
      codesOf: lines.filter((l) => l.automatic).map((l) => l.productId),
      method: paymentProvider,
    };
  }
}
