/** Find my order (/find-order): a shopper who lost the confirmation email gives the order code and the email used at
 * checkout, and the store mails the private order link again. The page says the same after every accepted request,
 * whether or not an order matched: the store never tells which orders or addresses exist. */
import { useRef, useState, type FormEvent } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { findOrderRequestSchema } from "@store/shared/schemas/orders";
import { throttledText } from "../../i18n/throttled.ts";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { CheckoutField } from "../checkout/checkout-field.tsx";
import { useOnline } from "../checkout/use-online.ts";
import { requestOrderLink, type FindOrderResult } from "../../api/find-order.ts";
import "../checkout/checkout.css";
import "./order-page.css";

type Field = "code" | "email";
const FIELDS: readonly Field[] = ["code", "email"];

/** Each field says one sentence for any problem of its own, as the checkout's fields do. */
const FIELD_TEXT: Record<Field, MessageDescriptor> = {
  code: msg`Please enter your order code, like PNR-7Q2M9XKD.`,
  email: msg`Please enter a valid email address.`,
};

const invalid = (field: Field, value: string): boolean => !findOrderRequestSchema.shape[field].safeParse(value).success;

type Sending = { kind: "idle" } | { kind: "sending" } | FindOrderResult;

export function FindOrderPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Find my order`);
  const online = useOnline();
  const [values, setValues] = useState<Record<Field, string>>({ code: "", email: "" });
  const [touched, setTouched] = useState<ReadonlySet<Field>>(() => new Set());
  const [state, setState] = useState<Sending>({ kind: "idle" });
  const refs = { code: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null) };
  const sending = state.kind === "sending";

  const shownError = (field: Field): string | null =>
    touched.has(field) && invalid(field, values[field]) ? i18n._(FIELD_TEXT[field]) : null;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    setTouched(new Set(FIELDS));
    const firstInvalid = FIELDS.find((field) => invalid(field, values[field]));
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    if (!online) return;
    setState({ kind: "sending" });
    setState(await requestOrderLink(values));
  };

  return (
    <div className="container page find-order">
      <h1>
        <Trans>Find my order</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Lost the email with your order link? Enter your order code and the email you used at checkout, and we will
          send the link again.
        </Trans>
      </p>
      {!online ? (
        <p id="find-order-offline" className="checkout-notice checkout-notice--offline" role="status">
          <Trans>You are offline. Sending the link needs a connection.</Trans>
        </p>
      ) : null}
      {state.kind === "sent" ? (
        <p className="checkout-notice" role="status" data-testid="find-order-sent">
          <Trans>
            If an order with this code was placed with this email, we have sent its link to that address. Check your
            inbox and spam folder.
          </Trans>
        </p>
      ) : null}
      {state.kind === "throttled" || state.kind === "unreachable" || state.kind === "error" ? (
        <p className="checkout-notice checkout-notice--warn" role="alert" data-testid="find-order-failed">
          {state.kind === "throttled" ? (
            throttledText(i18n, state.retryAfter)
          ) : state.kind === "unreachable" ? (
            <Trans>The store could not be reached. Check your connection and try again.</Trans>
          ) : (
            <Trans>Something went wrong. Please try again.</Trans>
          )}
        </p>
      ) : null}
      <form className="checkout-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={sending}>
        {(
          [
            {
              field: "code",
              type: "text",
              autoComplete: "off",
              label: t`Order code`,
              hint: t`It starts with PNR-, as in your confirmation email and on the thank-you page.`,
            },
            {
              field: "email",
              type: "email",
              autoComplete: "email",
              label: t`Email`,
              hint: t`The email you used at checkout.`,
            },
          ] as const
        ).map(({ field, type, ...rest }) => (
          <CheckoutField
            key={field}
            id={`find-order-${field}`}
            name={field}
            type={type}
            inputMode={type}
            {...rest}
            value={values[field]}
            error={shownError(field)}
            inputRef={refs[field]}
            onChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
            onBlur={() => setTouched((s) => new Set(s).add(field))}
          />
        ))}
        <button
          type="submit"
          className="btn btn--primary btn--lg"
          disabled={sending || !online}
          aria-describedby={!online ? "find-order-offline" : undefined}
        >
          {sending ? <Trans>Sending...</Trans> : <Trans>Send me the link</Trans>}
        </button>
      </form>
      <p>
        <Link to="/">
          <Trans>Back to the store</Trans>
        </Link>
      </p>
    </div>
  );
}
