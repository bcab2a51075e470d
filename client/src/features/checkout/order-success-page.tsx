/** The thank-you page (/order-success?code=...): greets the shopper by first name when the public lookup has
 * it, shows where the order really stands (a manual payment is still awaited after checkout) and, while it
 * awaits payment, how to pay: the operator's instructions in the shopper's language and the amount. Back from
 * an online provider's page (&payment=return or cancelled, docs/decisions.md D11) it never takes the return
 * for a payment: it asks the server again every few seconds until the order's status changes. */
import { useEffect, useState } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { publicOrderSchema, type OrderStatus, type PublicOrder } from "@store/shared/schemas/orders";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { useSettings } from "../catalog/catalog-hooks.ts";
import { useMoney } from "../catalog/use-money.ts";
import { useLang } from "../prefs/prefs-store.ts";
import { CheckoutSteps, type CheckoutStep, type StepState } from "./checkout-steps.tsx";
import { browserStorage } from "./checkout-draft.ts";
import { placedOrder } from "./placed-order.ts";
import "./checkout.css";

const LOOKUP_TIMEOUT_MS = 6000;
/** Between lookups while a provider's payment is awaited (the public lookups allow 30 a minute per address,
 * shared with the private order page). */
const POLL_MS = 4000;

export type PaymentReturn = "return" | "cancelled";

/** GET /api/orders/{code}; null when the lookup fails (the page then shows the message without the name). */
export async function lookupOrder(
  code: string,
  fetchImpl: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<PublicOrder | null> {
  try {
    const res = await fetchImpl(`/api/orders/${encodeURIComponent(code)}`, {
      headers: { Accept: "application/json" },
      signal,
    });
    if (!res.ok) return null;
    const parsed = publicOrderSchema.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The lookup's answer for this code: undefined while it runs, null when it failed. With `poll`, asks again
 * every few seconds while the order awaits payment (or the lookup failed). */
function useOrderLookup(code: string | undefined, poll: boolean): PublicOrder | null | undefined {
  const [result, setResult] = useState<{ code: string; order: PublicOrder | null } | null>(null);
  const [round, setRound] = useState(0);
  const waiting =
    result !== null && result.code === code && (result.order?.status ?? "pending_payment") === "pending_payment";
  useEffect(() => {
    if (!poll || !waiting) return;
    const timer = window.setTimeout(() => setRound((n) => n + 1), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [poll, waiting, result]);
  useEffect(() => {
    if (!code) return;
    let cancelled = false;
    const controller = new AbortController();
    // A slow lookup gives up and shows the message without the name.
    const timer = window.setTimeout(() => controller.abort(), LOOKUP_TIMEOUT_MS);
    void lookupOrder(code, fetch, controller.signal).then((order) => {
      if (!cancelled) setResult({ code, order });
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [code, round]);
  return result && result.code === code ? result.order : undefined;
}

/** Each step's state for an order in this status: checkout's own steps are done; payment is done only once
 * the payment is in, and confirmation once the codes are delivered. */
export function orderSteps(status: OrderStatus): Record<CheckoutStep, StepState> {
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

/** Paying on the provider's page: what happens next, and the way back to that page. */
function OnlinePayment({ payment, paymentLink }: { payment: PaymentReturn | undefined; paymentLink: string | null }) {
  return (
    <section className="order-success__pay" aria-labelledby="order-success-pay-heading">
      <h2 id="order-success-pay-heading">
        <Trans>Payment</Trans>
      </h2>
      {payment === "cancelled" ? (
        <p role="alert" data-testid="payment-state">
          <Trans>The payment was not completed. You can try again until the order expires.</Trans>
        </p>
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
  const { t } = useLingui();
  useDocumentTitle(t`Thank you!`);
  const placed = code ? placedOrder(browserStorage("session"), code) : null;
  const online = payment !== undefined || Boolean(placed?.paymentLink);
  const order = useOrderLookup(code, online);
  // Every order starts awaiting payment: that is where it stands until the lookup says otherwise.
  const status: OrderStatus = order?.status ?? "pending_payment";
  const name = order === undefined ? null : (order?.firstName ?? "");
  return (
    <div className="container page order-success">
      <CheckoutSteps states={orderSteps(status)} />
      <div className="order-success__mark" aria-hidden="true">
        ✓
      </div>
      <h1>
        <Trans>Thank you!</Trans>
      </h1>
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
      {code && status === "pending_payment" ? (
        online ? (
          <OnlinePayment payment={payment} paymentLink={placed?.paymentLink ?? null} />
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
    </div>
  );
}
