/** The thank-you page (/order-success?code=...): greets the shopper by first name when the public lookup has it. */
import { useEffect, useState } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { publicOrderSchema } from "@store/shared/schemas/orders";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { CheckoutSteps } from "./checkout-steps.tsx";
import "./checkout.css";

const LOOKUP_TIMEOUT_MS = 6000;

/** The first name from GET /api/orders/{code}; "" when the
 * lookup fails or has none (docs/product.md: no name shown). */
export async function lookupFirstName(
  code: string,
  fetchImpl: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<string> {
  try {
    const res = await fetchImpl(`/api/orders/${encodeURIComponent(code)}`, {
      headers: { Accept: "application/json" },
      signal,
    });
    if (!res.ok) return "";
    const parsed = publicOrderSchema.safeParse(await res.json());
    return parsed.success ? parsed.data.firstName.trim() : "";
  } catch {
    return "";
  }
}

function useFirstName(code: string | undefined): string | null {
  const [result, setResult] = useState<{ code: string; name: string } | null>(null);
  useEffect(() => {
    if (!code) return;
    let cancelled = false;
    const controller = new AbortController();
    // A slow lookup gives up and shows the message without the name.
    const timer = window.setTimeout(() => controller.abort(), LOOKUP_TIMEOUT_MS);
    void lookupFirstName(code, fetch, controller.signal).then((name) => {
      if (!cancelled) setResult({ code, name });
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [code]);
  // null while the lookup for this code is still running.
  return result && result.code === code ? result.name : null;
}

export function OrderSuccessPage({ code }: { code?: string | undefined }) {
  const { t } = useLingui();
  useDocumentTitle(t`Thank you!`);
  const name = useFirstName(code);
  return (
    <div className="container page order-success">
      <CheckoutSteps current="confirmation" />
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
