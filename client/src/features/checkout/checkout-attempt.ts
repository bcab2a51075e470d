/** Idempotency keys for checkout: one key per attempt, reused only to retry the very same request
 * after a network error; any change to the cart or details starts a new attempt. */
import type { CheckoutRequest } from "@store/shared/schemas/checkout";

export interface CheckoutAttempt {
  key: string;
  /** The exact request the key was made for. */
  fingerprint: string;
}

const ATTEMPT_STORAGE_KEY = "checkoutAttempt";

/** A stable text of the request: same cart, details, currency, promo and subtotal give the same text. */
export function fingerprintOf(body: CheckoutRequest): string {
  return JSON.stringify([
    body.name,
    body.email,
    body.whatsapp,
    body.notes ?? "",
    body.currency,
    body.items.map((item) => [item.id, item.qty, item.variantId ?? null]),
    body.promoCode ?? "",
    body.subtotal ?? null,
    body.locale ?? "en",
    body.paymentMethod ?? null,
  ]);
}

/** Reuses the pending attempt when it was made for this exact request; otherwise a new key. */
export function attemptFor(
  previous: CheckoutAttempt | null,
  fingerprint: string,
  newKey: () => string,
): CheckoutAttempt {
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { key: newKey(), fingerprint };
}

/** After a network error the attempt is kept for a retry; any answer from the server ends it. */
export function attemptAfter(attempt: CheckoutAttempt, outcome: "network-error" | "answered"): CheckoutAttempt | null {
  return outcome === "network-error" ? attempt : null;
}

/** A pending attempt is dropped as soon as the form no longer matches it (a change means a new key). */
export function attemptStillValid(attempt: CheckoutAttempt | null, currentFingerprint: string): CheckoutAttempt | null {
  return attempt && attempt.fingerprint === currentFingerprint ? attempt : null;
}

type ReadStorage = Pick<Storage, "getItem">;
type WriteStorage = Pick<Storage, "setItem" | "removeItem">;

export function loadAttempt(storage: ReadStorage | null): CheckoutAttempt | null {
  try {
    const raw = storage?.getItem(ATTEMPT_STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { key, fingerprint } = value as Record<string, unknown>;
    return typeof key === "string" && key && typeof fingerprint === "string" ? { key, fingerprint } : null;
  } catch {
    return null;
  }
}

export function saveAttempt(storage: WriteStorage | null, attempt: CheckoutAttempt | null): void {
  try {
    if (attempt) storage?.setItem(ATTEMPT_STORAGE_KEY, JSON.stringify(attempt));
    else storage?.removeItem(ATTEMPT_STORAGE_KEY);
  } catch {
    // Storage unavailable: the key still lives for this page.
  }
}
