import { useId, useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLang } from "../prefs/prefs-store.ts";
import { subscribeToNewsletter } from "../../api/newsletter.ts";

type Status = "idle" | "sending" | "done" | "error";

/** Stores the address through POST /api/newsletter (docs/decisions.md D13); success is shown only on a 2xx answer. */
export function NewsletterForm({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const id = useId();
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status>("idle");
  /** How long to wait, when the store refused too many signups from here (429). */
  const [throttled, setThrottled] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (status === "sending") return;
    setStatus("sending");
    setThrottled(null);
    try {
      const answer = await subscribeToNewsletter(email, lang);
      setStatus(answer.status === "done" ? "done" : "error");
      if (answer.status === "done") setEmail("");
      else if (answer.status === "throttled") {
        // Loaded only now: the form sits on the first screen, and reading the answer needs its schema (zod).
        const { throttledAnswerText } = await import("../../i18n/throttled-answer.ts");
        setThrottled(throttledAnswerText(i18n, answer.body));
      }
    } catch {
      setStatus("error");
    }
  };

  return (
    <form className={`newsletter-form ${compact ? "newsletter-form--compact" : ""}`} onSubmit={(e) => void submit(e)}>
      <label htmlFor={id} className="visually-hidden">
        <Trans>Email address</Trans>
      </label>
      <div className="newsletter-form__row">
        <input
          id={id}
          type="email"
          required
          autoComplete="email"
          placeholder={t`you@example.com`}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={status === "sending"}>
          {status === "sending" ? <Trans>Subscribing…</Trans> : <Trans>Subscribe</Trans>}
        </button>
      </div>
      <p className="newsletter-form__status" role="status" aria-live="polite">
        {status === "done" ? <Trans>Thanks for subscribing! Watch your inbox for deals.</Trans> : null}
        {status === "error"
          ? (throttled ?? <Trans>We couldn't subscribe you right now. Please try again later.</Trans>)
          : null}
      </p>
    </form>
  );
}
