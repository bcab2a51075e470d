/** "Email me when it is back" for a product sold from code stock that has none left (docs/product.md), on the product
 * page and the wishlist. Loaded only for such a product (stock-note.tsx): a first visit to a product in stock,
 * maybe on a slow line, does not download the form, its checks and its messages. */
import { useId, useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Product } from "@store/shared/schemas/catalog";
import { emailSchema } from "@store/shared/schemas/checkout";
import { askBackInStock } from "../../api/stock.ts";
import { refusalText } from "../../i18n/error-messages.ts";
import { throttledAnswerText } from "../../i18n/throttled-answer.ts";
import { browserStorage, loadDraft } from "../checkout/checkout-draft.ts";
import { useLang } from "../prefs/prefs-store.ts";

/** The requests this device made, so a return visit says so instead of offering the form again. */
const ASKED_KEY = "stockRequests";

function askedKey(productId: string, variantId: string): string {
  return `${productId}:${variantId}`;
}

function askedOnDevice(): string[] {
  try {
    const parsed: unknown = JSON.parse(browserStorage("local")?.getItem(ASKED_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function rememberAsked(key: string): void {
  // The newest hundred are enough to recognise the products a shopper waits for.
  const keys = [key, ...askedOnDevice().filter((k) => k !== key)].slice(0, 100);
  browserStorage("local")?.setItem(ASKED_KEY, JSON.stringify(keys));
}

type Status = { kind: "closed" } | { kind: "open"; error: string | null } | { kind: "sending" } | { kind: "done" };

/** The button, then the form, then "We will email you"; stock-note.tsx shows it only for an automatic product out of
 * stock. */
export function BackInStock({ product, variantId = "" }: { product: Product; variantId?: string }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const id = useId();
  const key = askedKey(product.id, variantId);
  const [asked, setAsked] = useState(() => askedOnDevice().includes(key));
  const [email, setEmail] = useState(() => loadDraft(browserStorage("local")).email);
  const [status, setStatus] = useState<Status>({ kind: "closed" });

  if (asked || status.kind === "done")
    return (
      <p className="stock-note stock-note--asked" role="status">
        <Trans>We will email you once it is back in stock.</Trans>
      </p>
    );
  if (status.kind === "closed")
    return (
      <button
        type="button"
        className="btn btn--secondary btn--sm stock-note__open"
        onClick={() => setStatus({ kind: "open", error: null })}
      >
        <Trans>Email me when it is back</Trans>
      </button>
    );

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (status.kind === "sending") return;
    if (!emailSchema.safeParse(email).success) {
      setStatus({ kind: "open", error: t`Please enter a valid email address.` });
      return;
    }
    setStatus({ kind: "sending" });
    try {
      const answer = await askBackInStock({ productId: product.id, variantId, email, locale: lang });
      if (answer.status === "done") {
        rememberAsked(key);
        setAsked(true);
        setStatus({ kind: "done" });
      } else if (answer.status === "throttled") {
        setStatus({ kind: "open", error: throttledAnswerText(i18n, answer.body) });
      } else {
        setStatus({ kind: "open", error: refusalText(i18n, answer) ?? t`Something went wrong. Please try again.` });
      }
    } catch {
      setStatus({ kind: "open", error: t`You are offline. Please try again once you are connected.` });
    }
  };
  const error = status.kind === "open" ? status.error : null;
  return (
    <form className="stock-note stock-note__form" noValidate onSubmit={(e) => void submit(e)}>
      <label htmlFor={id}>
        <Trans>Your email, to hear when it is back</Trans>
      </label>
      <div className="stock-note__row">
        <input
          id={id}
          type="email"
          autoComplete="email"
          dir="ltr"
          value={email}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="btn btn--primary btn--sm" disabled={status.kind === "sending"}>
          <Trans>Notify me</Trans>
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="stock-note__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
