/** Placing the order: one idempotency key per attempt (kept across a reload after a network error), the
 * server's answer turned into what the shopper sees, and the way out once the order exists. */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import type { CheckoutRequest, CheckoutResponse } from "@store/shared/schemas/checkout";
import { ERROR_CODES } from "@store/shared/schemas/error-codes";
import { newKey } from "@store/shared/new-key";
import { toast } from "../../ui/toast.tsx";
import { syncCatalog } from "../../local/catalog-sync.ts";
import { clearCart } from "../cart/cart-store.ts";
import { overridesFrom, type PriceOverrides } from "./cart-pricing.ts";
import { postCheckout } from "../../api/checkout.ts";
import {
  attemptAfter,
  attemptFor,
  attemptStillValid,
  loadAttempt,
  saveAttempt,
  type CheckoutAttempt,
} from "./checkout-attempt.ts";
import { browserStorage, clearDraft } from "./checkout-draft.ts";
import { failureText } from "./checkout-messages.ts";
import { rememberPlacedOrder } from "./placed-order.ts";
import type { CheckoutDetails } from "./use-checkout-details.ts";
import type { PromoCode } from "./use-promo-code.ts";

export type Phase = "idle" | "submitting" | "leaving";

interface Options {
  request: CheckoutRequest;
  /** fingerprintOf(request): the same request keeps its key. */
  fingerprint: string;
  /** The cart and the catalog are read: only then can a stored key be judged stale. */
  loaded: boolean;
  /** Lines in the cart; undefined while IndexedDB answers. */
  cartLines: number | undefined;
  online: boolean;
  details: Pick<CheckoutDetails, "checkAll" | "update">;
  promo: Pick<PromoCode, "setError">;
  /** The server priced the cart differently: these are its prices. */
  onPricesChanged: (overrides: PriceOverrides) => void;
}

export function usePlaceOrder({
  request,
  fingerprint,
  loaded,
  cartLines,
  online,
  details,
  promo,
  onPricesChanged,
}: Options) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const [phase, setPhase] = useState<Phase>("idle");
  const [pricesUpdated, setPricesUpdated] = useState(false);
  // A key kept after a network error survives a reload, so the retry is still recognised by the server.
  const [storedAttempt] = useState(() => loadAttempt(browserStorage("session")));
  const attemptRef = useRef<CheckoutAttempt | null>(storedAttempt);

  // Any change to the cart or the details after a failed attempt means the next submit gets a new key
  // (checked only once the cart and catalog have loaded, so a reload does not drop the retry key).
  useEffect(() => {
    if (loaded && attemptRef.current && !attemptStillValid(attemptRef.current, fingerprint)) {
      attemptRef.current = null;
      saveAttempt(browserStorage("session"), null);
    }
  }, [fingerprint, loaded]);

  const openOrderPage = (orderUrl: string) => {
    try {
      const url = new URL(orderUrl, window.location.origin);
      if (url.origin === window.location.origin) router.history.push(url.pathname);
      else window.location.assign(url.href);
    } catch {
      window.location.assign(orderUrl);
    }
  };

  const onPlaced = async (order: CheckoutResponse) => {
    setPhase("leaving");
    attemptRef.current = null;
    saveAttempt(browserStorage("session"), null);
    const code = order.panierCode;
    // Paying on the provider's page may not happen (the shopper cancels there): the cart and details stay until the
    // order is paid (the order-success page clears them then); an order paid by hand later clears them now.
    const paysOnline = order.requiresPayment && Boolean(order.paymentLink);
    if (!paysOnline) {
      clearDraft(browserStorage("local"));
      await clearCart().catch(() => undefined);
    }
    rememberPlacedOrder(browserStorage("session"), {
      code,
      total: order.total,
      currency: order.currency,
      orderUrl: order.orderUrl,
      paymentLink: order.paymentLink,
      name: request.name,
    });
    if (order.requiresPayment && order.paymentLink) {
      toast(t`Redirecting to payment...`, {
        description: t`Order ${code} created. Completing payment...`,
        duration: 10_000,
      });
      window.location.assign(order.paymentLink);
      return;
    }
    // One toast (a second one would stack over the 'View order' action): the email outcome is its description.
    toast.success(t`Order placed! Check your email for confirmation.`, {
      // The order awaits its payment here (an online payment left for the provider's page above).
      description: order.emailSent
        ? t`Order received: payment is awaited. Email sent.`
        : t`Order received: payment is awaited. Email could not be sent.`,
      duration: 12_000,
      action: { label: t`View order`, onClick: () => openOrderPage(order.orderUrl) },
    });
    await navigate({ to: "/order-success", search: { code } });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== "idle" || cartLines === undefined) return;
    if (cartLines === 0) {
      toast.error(t`Your cart is empty. Browse deals.`);
      return;
    }
    if (!details.checkAll() || !online) return;

    const attempt = attemptFor(attemptRef.current, fingerprint, newKey);
    attemptRef.current = attempt;
    saveAttempt(browserStorage("session"), attempt);
    setPhase("submitting");
    setPricesUpdated(false);
    const outcome = await postCheckout(request, attempt.key);
    const kept = attemptAfter(attempt, outcome.kind === "network" ? "network-error" : "answered");
    attemptRef.current = kept;
    saveAttempt(browserStorage("session"), kept);

    switch (outcome.kind) {
      case "ok":
        await onPlaced(outcome.order);
        return;
      case "prices-changed":
        // docs/decisions.md D6: never change a price silently; show the server's prices, say so where the cart is
        // (the page brings that notice into view: no toast besides it), and refresh the catalog.
        onPricesChanged(overridesFrom(outcome.answer, request.currency));
        setPricesUpdated(true);
        void syncCatalog();
        break;
      case "error":
        if (outcome.code === ERROR_CODES.promoInvalid) {
          // The applied code was switched off meanwhile: take it off so the shopper sees the real total.
          details.update({ promo: null });
          promo.setError(t`Invalid or inactive code`);
        }
        toast.error(failureText(i18n, outcome) ?? t`Something went wrong. Please try again.`, {
          description: outcome.detail ?? undefined,
        });
        break;
      case "network":
        toast.error(t`Something went wrong. Please try again.`, {
          description: t`Could not reach the store. Check your connection and try again.`,
        });
        break;
    }
    setPhase("idle");
  };

  return { phase, pending: phase !== "idle", pricesUpdated, submit };
}
