/** The shopper's private order page (/orders/{token}, docs/decisions.md D9, D10): status, what happens next, lines,
 * totals and, once delivered, the codes behind a reveal button with a copy button and an activation hint each.
 * While the order can still change by itself (payment, stock) the page asks again every 5 s while it is in view. */
import { useEffect, useId, useState, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { toast } from "../../ui/toast.tsx";
import { throttledText } from "../../i18n/throttled.ts";
import type { OrderStatus, PrivateOrder } from "@store/shared/schemas/orders";
import { useMoney } from "../catalog/use-money.ts";
import { getLang, langChosen, speakForNow, useLang } from "../prefs/prefs-store.ts";
import { isLocale } from "../prefs/prefs-rules.ts";
import { activateLocale } from "../../i18n/i18n.ts";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { fetchPrivateOrder, type PrivateOrderResult } from "../../api/orders.ts";
import { activationHint } from "./activation-hints.ts";
import { useVisiblePolling } from "./visible-poll.ts";
import { TotalsRow } from "../checkout/totals-row.tsx";
import { ManualLineNote } from "../catalog/manual-delivery-note.tsx";
import "../checkout/checkout.css";
import "./order-page.css";
import { CancelOrderButton } from "./cancel-order.tsx";

/** How often an order that may still change is asked for again while the page is in view. */
const ORDER_REFRESH_MS = 5000;

/** States an order leaves by itself (a payment landing, codes arriving): the page follows them. */
const CHANGING: ReadonlySet<OrderStatus> = new Set(["pending_payment", "paid", "awaiting_stock"]);

const STATUS_TEXT: Record<OrderStatus, MessageDescriptor> = {
  pending_payment: msg`Awaiting payment`,
  paid: msg`Paid, preparing your codes`,
  awaiting_stock: msg`Paid, waiting for stock`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
  expired: msg`Expired (not paid in time)`,
  refunded: msg`Refunded`,
};

/** Keeps the page out of search engines while it is shown (robots.txt also disallows /orders/). */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex, nofollow";
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/** Speaks the order's language, the one its mails were written in, unless the shopper chose one on this device: the
 * link in the mail is often opened in a browser that has never seen the store. */
function useOrderLanguage(locale: string | undefined): void {
  useEffect(() => {
    if (!isLocale(locale) || langChosen()) return;
    void activateLocale(locale).then(() =>
      // A language the shopper picked meanwhile stays theirs.
      langChosen() ? activateLocale(getLang()) : speakForNow(locale),
    );
  }, [locale]);
}

type LoadState = { kind: "loading" } | PrivateOrderResult;

function usePrivateOrder(token: string): [LoadState, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ token: string; attempt: number; result: PrivateOrderResult } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void fetchPrivateOrder(token, { signal: controller.signal }).then((result) => {
      if (!controller.signal.aborted) setState({ token, attempt, result });
    });
    return () => controller.abort();
  }, [token, attempt]);
  const current =
    state && state.token === token && state.attempt === attempt ? state.result : ({ kind: "loading" } as const);

  // Follow an order that may still change; a failed refresh keeps what is shown.
  const changing = current.kind === "ok" && CHANGING.has(current.order.status);
  useVisiblePolling(
    async () => {
      const result = await fetchPrivateOrder(token);
      if (result.kind === "ok") setState((s) => (s && s.token === token ? { ...s, result } : s));
    },
    ORDER_REFRESH_MS,
    changing,
  );
  return [current, () => setAttempt((n) => n + 1)];
}

/** The order could not be shown for now (too many lookups, or no answer): why, and Retry. */
function OrderNotLoaded({ children, testId, onRetry }: { children: ReactNode; testId?: string; onRetry: () => void }) {
  return (
    <div className="container page page--center">
      <h1>
        <Trans>Your order</Trans>
      </h1>
      <p role="alert" data-testid={testId}>
        {children}
      </p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}

export function PrivateOrderPage({ token }: { token: string }) {
  const { t, i18n } = useLingui();
  useNoIndex();
  const [state, retry] = usePrivateOrder(token);
  useOrderLanguage(state.kind === "ok" ? state.order.locale : undefined);
  const code = state.kind === "ok" ? state.order.code : null;
  useDocumentTitle(code ? t`Order ${code}` : t`Your order`);

  if (state.kind === "loading") {
    return (
      <div className="container page order-page" aria-busy="true">
        <p className="loading" role="status">
          <Trans>Loading your order…</Trans>
        </p>
      </div>
    );
  }
  if (state.kind === "not-found") {
    return (
      <div className="container page page--center">
        <h1>
          <Trans>Order not found.</Trans>
        </h1>
        <p className="muted">
          <Trans>Check that you opened the full link from your confirmation email.</Trans>
        </p>
        <Link to="/" className="btn btn--primary">
          <Trans>Back to the store</Trans>
        </Link>
      </div>
    );
  }
  if (state.kind === "throttled") {
    return (
      <OrderNotLoaded testId="order-throttled" onRetry={retry}>
        {throttledText(i18n, state.retryAfter)}
      </OrderNotLoaded>
    );
  }
  if (state.kind === "error") {
    return (
      <OrderNotLoaded onRetry={retry}>
        <Trans>Could not load your order. Check your connection and try again.</Trans>
      </OrderNotLoaded>
    );
  }
  return <OrderDetails order={state.order} token={token} onChanged={retry} />;
}

/** What happens next, while the order can still change by itself; null once it cannot. */
function NextStep({ order }: { order: PrivateOrder }) {
  const { i18n } = useLingui();
  const expires = order.expiresAt
    ? i18n.date(new Date(order.expiresAt), { dateStyle: "medium", timeStyle: "short" })
    : null;
  let text;
  switch (order.status) {
    case "pending_payment":
      text = order.paymentLink ? (
        <Trans>
          Complete the payment on the payment page. Your codes appear here and arrive by email as soon as the payment is
          confirmed.
        </Trans>
      ) : (
        <Trans>
          We will contact you by email or WhatsApp to arrange the payment. Your codes appear here and arrive by email as
          soon as it is received.
        </Trans>
      );
      break;
    case "paid":
      text = <Trans>Payment received. Your codes are being prepared.</Trans>;
      break;
    case "awaiting_stock":
      text = (
        <Trans>
          Payment received. Some codes are out of stock right now; they are sent as soon as new stock arrives.
        </Trans>
      );
      break;
    default:
      return null;
  }
  return (
    <div className="order-page__next" data-testid="order-next-step">
      <p>{text}</p>
      {order.status === "pending_payment" && expires ? (
        <p className="muted">
          <Trans>Unpaid orders are cancelled at {expires}.</Trans>
        </p>
      ) : null}
      <p className="muted">
        <Trans>This page updates by itself.</Trans>
      </p>
    </div>
  );
}

function DeliveredCodes({ codes }: { codes: PrivateOrder["codes"] }) {
  const { t, i18n } = useLingui();
  const listId = useId();
  const [shown, setShown] = useState(false);

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t`Code copied`);
    } catch {
      toast.error(t`Could not copy. Select the code and copy it by hand.`);
    }
  };

  return (
    <>
      <p>
        <button
          type="button"
          className="btn btn--primary"
          aria-expanded={shown}
          aria-controls={listId}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? <Trans>Hide codes</Trans> : <Trans>Reveal codes</Trans>}
        </button>
      </p>
      <ul id={listId} className="order-page__codes" hidden={!shown}>
        {shown
          ? codes.map((item) => {
              const title = item.variantName ? `${item.title} — ${item.variantName}` : item.title;
              const hint = activationHint(item.platform, item.title);
              return (
                <li key={`${item.lineId}-${item.code}`} className="order-page__code" data-testid="delivered-code">
                  <span className="order-page__code-title">{title}</span>
                  <code>{item.code}</code>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    aria-label={t`Copy the code for ${item.title}`}
                    onClick={() => void copy(item.code)}
                  >
                    <Trans>Copy</Trans>
                  </button>
                  <p className="order-page__hint muted">{i18n._(hint)}</p>
                </li>
              );
            })
          : null}
      </ul>
    </>
  );
}

function OrderDetails({ order, token, onChanged }: { order: PrivateOrder; token: string; onChanged: () => void }) {
  const { i18n } = useLingui();
  const money = useMoney();
  const lang = useLang();
  const code = order.code;
  const placedOn = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short" }).format(
    new Date(order.createdAt),
  );
  const promoCode = order.promoCode ?? "";

  return (
    <div className="container page order-page">
      <h1>
        <Trans>Order {code}</Trans>
      </h1>
      <p aria-live="polite">
        <span className="visually-hidden">
          <Trans>Status:</Trans>{" "}
        </span>
        <span className="order-page__status" data-status={order.status} data-testid="order-status">
          {i18n._(STATUS_TEXT[order.status])}
        </span>
      </p>
      <p className="muted">
        <Trans>Placed on {placedOn}</Trans>
      </p>

      <NextStep order={order} />

      {order.status === "pending_payment" ? (
        <p className="order-page__actions">
          {order.paymentLink ? (
            <a className="btn btn--primary btn--lg" href={order.paymentLink}>
              <Trans>Complete payment</Trans>
            </a>
          ) : null}
          <CancelOrderButton token={token} onCancelled={onChanged} />
        </p>
      ) : null}

      <section className="order-page__card" aria-labelledby="order-codes-heading">
        <h2 id="order-codes-heading">
          <Trans>Your codes</Trans>
        </h2>
        {order.codes.length > 0 ? (
          <DeliveredCodes codes={order.codes} />
        ) : (
          <p className="muted">
            <Trans>Your codes arrive by email once payment is confirmed, and will also appear here.</Trans>
          </p>
        )}
      </section>

      <section className="order-page__card" aria-labelledby="order-items-heading">
        <h2 id="order-items-heading">
          <Trans>Items</Trans>
        </h2>
        <ul className="order-page__lines">
          {order.lines.map((line) => (
            <li key={`${line.id}::${line.variantId ?? ""}`} className="order-page__line">
              <span>
                {/* Isolated, and the price on a line of its own: a Latin title wrapping on an Arabic page otherwise
                    carries the price into its run ("76.000 د.ت. × 1 Card (US)"). */}
                <bdi>
                  {line.title}
                  {line.variantName ? ` — ${line.variantName}` : ""}
                </bdi>
                <span className="muted order-page__line-price" data-testid="order-line-unit-qty">
                  {money(line.unitPrice, order.currency)} × {line.qty}
                </span>
                {order.status === "paid" || order.status === "awaiting_stock" ? (
                  <ManualLineNote productId={line.id} className="muted order-page__manual" inline />
                ) : null}
              </span>
              <strong>{money(line.lineTotal, order.currency)}</strong>
            </li>
          ))}
        </ul>
        <dl className="checkout-totals">
          <TotalsRow label={<Trans>Subtotal</Trans>} value={money(order.subtotal, order.currency)} />
          {order.discount > 0 ? (
            <TotalsRow
              kind="discount"
              label={promoCode ? <Trans>Discount ({promoCode})</Trans> : <Trans>Discount</Trans>}
              value={money(order.discount, order.currency)}
            />
          ) : null}
          <TotalsRow kind="total" label={<Trans>Total</Trans>} value={money(order.total, order.currency)} />
        </dl>
      </section>

      <Link to="/" className="btn btn--ghost">
        <Trans>Back to the store</Trans>
      </Link>
    </div>
  );
}
