/** Find my order (POST /api/orders/find): a shopper who lost the confirmation email gives the order's code and the
 * email used at checkout; when both match, the store mails the order's private link again to the order's own address
 * (for a delivered order, the delivery email: its codes and the link). Exports: OrderRecovery with request(input,
 * address) and settled(), withOrderLinkMail(render, orders, mails) (the mail worker's renderer for that mail),
 * ORDER_LINK_KIND.
 *
 * The answer never tells whether anything matched: the route answers the same 202 for every valid request, and it
 * answers before the lookup runs (the lookup, its limits and the mail follow in the background), so neither its
 * status, its body nor its time depends on the order. Only the per-address budget refuses (429): the per-order and
 * per-recipient budgets, which are counted only for a match, send nothing more and still answer 202. */
import { canonicalMailbox } from "@store/shared/mailbox";
import type { FindOrderInput } from "@store/shared/schemas/orders";
import type { DataLayer, Tx } from "../../db/data.ts";
import { TooManyRequestsError } from "../../http/errors.ts";
import { takeAll, type RateLimiter } from "../../http/rate-limit.ts";
import { WithClockAndLog, type ClockAndLog } from "../../lib/clock-and-log.ts";
import type { MailRepo } from "../mail/mail.repo.ts";
import { safeError, type MailRenderer } from "../mail/mail.worker.ts";
import { orderLinkMail } from "../mail/templates.ts";
import type { OrderMails } from "./order-mails.ts";
import { normalizeOrderCode } from "./order-code.ts";
import type { OrderRow, OrdersRepo } from "./orders.repo.ts";

/** The outbox kind of the mail carrying the private link again (rendered when sent, like the confirmation). */
export const ORDER_LINK_KIND = "order_link";
const FIND_ORDER_THROTTLED = "Too many attempts. Please try again later.";
/** Who asked, in the order's history. */
const SHOPPER = "shopper";

interface RecoveryLimits {
  /** Every valid request, per client address: the one budget that answers 429. */
  perAddress: RateLimiter;
  /** Mails sent per order. */
  perOrder: RateLimiter;
  /** Mails sent per recipient address. */
  perRecipient: RateLimiter;
}

export interface RecoveryDeps extends ClockAndLog {
  data: DataLayer;
  orders: OrdersRepo;
  mail: MailRepo;
  mails: OrderMails;
  limits: RecoveryLimits;
  /** Wakes the mail worker after a commit that queued mail. */
  onMailQueued?: () => void;
}

/** What a lookup did (for tests and the log; never for the answer). */
export type RecoveryOutcome = "sent" | "throttled" | "no_match";

/** An address as compared: trimmed, in lower case. */
const comparable = (email: string): string => email.trim().toLowerCase();

export class OrderRecovery extends WithClockAndLog {
  private readonly inflight = new Set<Promise<RecoveryOutcome | undefined>>();

  constructor(private readonly deps: RecoveryDeps) {
    super(deps);
  }

  /** Counts the request against its address's budget (429 past it), then starts the lookup without waiting for
   * it: the caller answers the same whatever the lookup finds. */
  async request(input: FindOrderInput, address: string): Promise<void> {
    const wait = await this.deps.limits.perAddress.take(address);
    if (wait > 0) throw new TooManyRequestsError(FIND_ORDER_THROTTLED, wait);
    const work = this.lookUp(input).catch((err: unknown) => {
      // Never the code or the address in the log: only that a lookup failed, and the database's reason.
      this.log(`find my order: a lookup failed: ${safeError(err)}`);
      return undefined;
    });
    this.inflight.add(work);
    void work.finally(() => this.inflight.delete(work));
  }

  /** Resolves once every lookup started so far has finished (tests; a stopping server). */
  async settled(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
  }

  /** Finds the order, checks the address, counts the order's and the recipient's budgets and queues the mail with
   * its history entry, in one transaction. */
  private lookUp({ code, email }: FindOrderInput): Promise<RecoveryOutcome> {
    const normalized = normalizeOrderCode(code);
    const now = this.clock();
    return this.deps.data
      .transaction(async (tx) => {
        const order = normalized ? await this.deps.orders.row(tx, normalized) : undefined;
        if (!order || comparable(order.customerEmail) !== comparable(email)) return "no_match";
        // An order keeps its sealed token from checkout; without one (and without codes) there is no link to send.
        const delivered = order.status === "delivered";
        if (!delivered && !order.accessTokenSealed) return "no_match";
        const { perOrder, perRecipient } = this.deps.limits;
        const wait = await takeAll(
          [
            [perOrder, order.code],
            // One inbox however the orders spelled it (docs/decisions.md D39).
            [perRecipient, canonicalMailbox(order.customerEmail)],
          ],
          tx,
        );
        if (wait > 0) return "throttled";
        await this.queue(tx, order, delivered, now);
        return "sent";
      })
      .then((outcome) => {
        if (outcome === "sent") this.deps.onMailQueued?.();
        return outcome;
      });
  }

  /** The delivery email (codes and link) for a delivered order, else the link alone; and the history entry. */
  private async queue(tx: Tx, order: OrderRow, delivered: boolean, now: number): Promise<void> {
    if (delivered) await this.deps.mails.queueDelivery(tx, order, {}, now);
    else
      await this.deps.mail.enqueue(
        tx,
        {
          kind: ORDER_LINK_KIND,
          orderId: order.id,
          to: order.customerEmail,
          subject: `Your order ${order.code}`,
          text: "",
          html: "",
          params: "{}",
        },
        now,
      );
    await this.deps.orders.addEvent(tx, {
      orderId: order.id,
      at: now,
      actor: SHOPPER,
      action: "link_resent",
      fromStatus: null,
      toStatus: null,
      // The action says it all (a delivered order's mail is its delivery email, which carries the link too).
      detail: "",
    });
  }
}

/** The mail worker's renderer, with Find my order's mail: the link rebuilt from the order's sealed token when it is
 * sent (docs/decisions.md D10); every other kind goes to `render`. */
export function withOrderLinkMail(render: MailRenderer, orders: OrdersRepo, mails: OrderMails): MailRenderer {
  return async (tx, row) => {
    if (row.kind !== ORDER_LINK_KIND) return render(tx, row);
    const order = row.orderId ? await orders.rowById(tx, row.orderId) : undefined;
    if (!order) throw new Error(`mail ${row.id}: its order is gone`);
    const orderUrl = mails.orderUrl(order);
    if (!orderUrl) throw new Error(`mail ${row.id}: the order keeps no link`);
    return orderLinkMail(order.locale, { code: order.code, orderUrl });
  };
}
