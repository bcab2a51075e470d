/** The thank-you page (/order-success?code=...): greets the shopper by first name when the public lookup has
 * it, shows where the order really stands (a manual payment is still awaited after checkout) and, while it
 * awaits payment, how to pay: the operator's instructions in the shopper's language and the amount. Back from
 * an online provider's page (&payment=return or cancelled, docs/decisions.md D11) it never takes the return
 * for a payment: it asks the server again every few seconds until the order's status changes. */
import { useEffect, useState } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderStatus, PublicOrder } from "@store/shared/schemas/orders";
import { throttledText } from "../../i18n/throttled.ts";
import { fetchPrivateOrder, lookupOrder, type PublicOrderResult } from "../../api/orders.ts";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { useSettings } from "../catalog/catalog-hooks.ts";
import { useMoney } from "../catalog/use-money.ts";
import { useLang } from "../prefs/prefs-store.ts";
import { CheckoutSteps, type CheckoutStep, type StepState } from "./checkout-steps.tsx";
import { browserStorage, clearDraft } from "./checkout-draft.ts";
import { placedOrder } from "./placed-order.ts";
import { clearCart } from "../cart/cart-store.ts";
import { CancelOrderButton } from "../orders/cancel-order.tsx";
import "./checkout.css";

const LOOKUP_TIMEOUT_MS = 6000;
/** Between lookups while a provider's payment is awaited (the public lookups allow 30 a minute per address,
 * shared with the private order page). */
const POLL_MS = 4000;

export type PaymentReturn = "return" | "cancelled";

interface Lookup {
  /** undefined while the first lookup runs, null when it failed. */
  order: PublicOrder | null | undefined;
  /** The seconds to wait when the store answered that the lookups come too often (429), else null. */
  retryAfter: number | null;
}

/** The lookup's answer for this code. With `poll`, asks again every few seconds while the order awaits payment (or
 * the lookup failed); after a 429, asks again once the wait is over. */
function useOrderLookup(code: string | undefined, poll: boolean): Lookup {
  const [result, setResult] = useState<{ code: string; answer: PublicOrderResult } | null>(null);
  const [round, setRound] = useState(0);
  const current = result !== null && result.code === code ? result.answer : undefined;
  const retryAfter = current?.kind === "throttled" ? current.retryAfter : null;
  const waiting = current !== undefined && (current.kind !== "ok" || current.order.status === "pending_payment");
  useEffect(() => {
    const delay = retryAfter !== null ? retryAfter * 1000 : poll && waiting ? POLL_MS : null;
    if (delay === null) return;
    const timer = window.setTimeout(() => setRound((n) => n + 1), delay);
    return () => window.clearTimeout(timer);
  }, [poll, waiting, retryAfter, result]);
  useEffect(() => {
    if (!code) return;
    let cancelled = false;
    const controller = new AbortController();
    // A slow lookup gives up and shows the message without the name.
    const timer = window.setTimeout(() => controller.abort(), LOOKUP_TIMEOUT_MS);
    void lookupOrder(code, { signal: controller.signal }).then((answer) => {
      if (!cancelled) setResult({ code, answer });
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [code, round]);
  return { order: current === undefined ? undefined : current.kind === "ok" ? current.order : null, retryAfter };
}

/** Each step's state for an order in this status: checkout's own steps are done; payment is done only once
 * the payment is in, and confirmation once the codes are delivered. */
function orderSteps(status: OrderStatus): Record<CheckoutStep, StepState> {
  const placed = { cart: "done", details: "done" } as const;
  switch (status) {
    case "pending_payment":
      return { ...placed, payment: "waiting", confirmation: "upcoming" };
    case "paid":
    case "awaiting_stock":
      return { ...placed, payment: "done", confirmation: "current" };
    case "delivered":
      return { ...placed, payment: "done", confirmation: "done" };
    case "cancelled":
    case "expired":
    case "refunded":
      return { ...placed, payment: "stopped", confirmation: "upcoming" };
  }
}

function PaymentInstructions({ code }: { code: string }) {
  const lang = useLang();
  const money = useMoney();
  const { paymentInstructions } = useSettings();
  const text = paymentInstructions[lang] || paymentInstructions.en;
  const placed = placedOrder(browserStorage("session"), code);
  const amount = placed ? money(placed.total, placed.currency) : null;
  return (
    <section className="order-success__pay" aria-labelledby="order-success-pay-heading">
      <h2 id="order-success-pay-heading">
        <Trans>How to pay</Trans>
      </h2>
      {amount ? (
        <p>
          <Trans>
            Amount to pay: <strong>{amount}</strong>
          </Trans>
        </p>
      ) : null}
      {text ? (
        <p className="order-success__instructions" dir="auto" data-testid="payment-instructions">
          {text}
        </p>
      ) : (
        <p data-testid="payment-instructions">
          <Trans>We will contact you by email or WhatsApp to arrange the payment.</Trans>
        </p>
      )}
      <p className="muted">
        <Trans>
          Mention your order code {code} with the payment. Your codes are sent by email once it is received.
        </Trans>
      </p>
    </section>
  );
}

/** When the unpaid order expires, read once from its private page's answer (the public lookup does not tell it);
 * null while unknown. */
function useExpiry(orderUrl: string | undefined, wanted: boolean): number | null {
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  useEffect(() => {
    const token = orderUrl?.split("/orders/")[1];
    if (!wanted || !token) return;
    const controller = new AbortController();
    void fetchPrivateOrder(decodeURIComponent(token), { signal: controller.signal }).then((answer) => {
      if (answer.kind === "ok") setExpiresAt(answer.order.expiresAt);
    });
    return () => controller.abort();
  }, [orderUrl, wanted]);
  return expiresAt;
}

/** Paying on the provider's page: what happens next, and the way back to that page. */
function OnlinePayment({
  payment,
  paymentLink,
  orderUrl,
}: {
  payment: PaymentReturn | undefined;
  paymentLink: string | null;
  orderUrl: string | undefined;
}) {
  const { i18n } = useLingui();
  const expiresAt = useExpiry(orderUrl, payment === "cancelled");
  const expires = expiresAt ? i18n.date(new Date(expiresAt), { dateStyle: "medium", timeStyle: "short" }) : null;
  return (
    <section className="order-success__pay" aria-labelledby="order-success-pay-heading">
      <h2 id="order-success-pay-heading">
        <Trans>Payment</Trans>
      </h2>
      {payment === "cancelled" ? (
        <>
          <p role="alert" data-testid="payment-state">
            <Trans>The payment was not completed. You can try again until the order expires.</Trans>
          </p>
          {expires ? (
            <p data-testid="order-expiry">
              <Trans>The order expires on {expires}.</Trans>
            </p>
          ) : null}
        </>
      ) : (
        <p role="status" data-testid="payment-state">
          <Trans>Waiting for the payment confirmation. This page updates by itself.</Trans>
        </p>
      )}
      {paymentLink ? (
        <p>
          <a className="btn btn--secondary" href={paymentLink}>
            <Trans>Complete payment</Trans>
          </a>
        </p>
      ) : null}
    </section>
  );
}

export function OrderSuccessPage({
  code,
  payment,
}: {
  code?: string | undefined;
  payment?: PaymentReturn | undefined;
}) {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Thank you!`);
  const placed = code ? placedOrder(browserStorage("session"), code) : null;
  const online = payment !== undefined || Boolean(placed?.paymentLink);
  const { order, retryAfter } = useOrderLookup(code, online);
  // Every order starts awaiting payment: that is where it stands until the lookup says otherwise.
  const status: OrderStatus = order?.status ?? "pending_payment";
  // The name as typed when this tab placed the order; else the first name the public lookup tells.
  const name = order === undefined ? null : (placed?.name ?? order?.firstName ?? "");
  // Done only once the payment is in: until then the mark is a neutral hourglass, not the green check.
  const paid = status === "paid" || status === "awaiting_stock" || status === "delivered";
  const notCompleted = payment === "cancelled" && status === "pending_payment";
  // The cart was kept while the payment was on the provider's page: once paid, it is done with.
  const paidOnline = paid && Boolean(placed?.paymentLink);
  useEffect(() => {
    if (!paidOnline) return;
    clearDraft(browserStorage("local"));
    void clearCart().catch(() => undefined);
  }, [paidOnline]);
  return (
    <div className="container page order-success">
      <CheckoutSteps states={orderSteps(status)} />
      <div
        className={paid ? "order-success__mark" : "order-success__mark order-success__mark--pending"}
        aria-hidden="true"
        data-testid="order-success-mark"
        data-state={paid ? "done" : "pending"}
      >
        {paid ? "✓" : "⧗"}
      </div>
      <h1>{notCompleted ? <Trans>Payment not completed</Trans> : <Trans>Thank you!</Trans>}</h1>
      {status === "pending_payment" && !notCompleted ? (
        <p className="order-success__line" data-testid="order-awaiting-payment">
          <Trans>Order received: payment is awaited.</Trans>
        </p>
      ) : null}
      {code ? (
        <p className="order-success__line" role="status" aria-busy={name === null} data-testid="order-success-message">
          {name === null ? null : name ? (
            <Trans>
              Order {code} for {name} created.
            </Trans>
          ) : (
            <Trans>Order {code} created.</Trans>
          )}
        </p>
      ) : (
        <p className="order-success__line">
          <Trans>Check your email for details.</Trans>
        </p>
      )}
      {retryAfter !== null ? (
        <p className="order-success__line" role="alert" data-testid="lookup-throttled">
          {throttledText(i18n, retryAfter)} <Trans>This page asks again by itself.</Trans>
        </p>
      ) : null}
      {code && status === "pending_payment" ? (
        online ? (
          <>
            <OnlinePayment payment={payment} paymentLink={placed?.paymentLink ?? null} orderUrl={placed?.orderUrl} />
            {placed?.orderUrl ? (
              <p>
                <CancelOrderButton
                  token={decodeURIComponent(placed.orderUrl.split("/orders/")[1] ?? "")}
                  onCancelled={() => undefined}
                />
              </p>
            ) : null}
          </>
        ) : (
          <PaymentInstructions code={code} />
        )
      ) : null}
      {online && (status === "paid" || status === "awaiting_stock" || status === "delivered") ? (
        <p className="order-success__line" role="status" data-testid="payment-state">
          <Trans>Payment received. Your codes are sent by email and shown on your order page.</Trans>
        </p>
      ) : null}
      {placed?.orderUrl ? (
        <p>
          <a className="btn btn--secondary" href={placed.orderUrl}>
            <Trans>View your order</Trans>
          </a>
        </p>
      ) : null}
      {code ? (
        <p className="muted">
          <Trans>We sent a confirmation to your email, with a link to your private order page.</Trans>
        </p>
      ) : null}
      <Link to="/" className="btn btn--primary btn--lg">
        <Trans>Back to the store</Trans>
      </Link>
      <p className="muted">
        <Link to="/find-order">
          <Trans>Lost the email? Find my order</Trans>
        </Link>
      </p>
    </div>
  );
}
