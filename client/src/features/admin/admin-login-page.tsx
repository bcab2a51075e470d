/** /admin/login: username and password against the server's session (docs/decisions.md D3). */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { AdminApiError, AdminNetworkError } from "../../api/admin-client.ts";
import { adminApi } from "../../local/admin-api.ts";
import { throttledAnswerText } from "../../i18n/throttled-answer.ts";
import { errorText } from "./panel/admin-request.ts";
import { LanguageMenu } from "../layout/language-menu.tsx";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { useLang } from "../prefs/prefs-store.ts";
import { directionOf } from "../prefs/prefs-rules.ts";
import { WaitingForSignIn } from "./outbox/pending-changes.tsx";
import { FormField } from "./panel/form-field.tsx";
import "./admin.css";

/** docs/product.md: the busy label appears only once the request has been pending this long. */
const SIGNING_IN_DELAY_MS = 300;

/** Network failure, wrong credentials and throttling, and any other refusal by its code (docs/decisions.md D29),
 * in the operator's language. */
export function loginErrorText(
  err: unknown,
  texts: { network: string; invalid: string; throttled: (body: unknown) => string | null },
): string {
  if (err instanceof AdminNetworkError) return texts.network;
  if (err instanceof AdminApiError && err.status === 429) return texts.throttled(err.body) ?? err.message;
  if (!(err instanceof AdminApiError) || err.status === 401) return texts.invalid;
  return err.message.startsWith("Request failed") ? texts.invalid : errorText(err, texts.invalid);
}

export function AdminLoginPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const lang = useLang();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [showBusy, setShowBusy] = useState(false);
  const pending = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const errorId = useId();
  useDocumentTitle(t`Admin Login`);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending.current) return;
    pending.current = true;
    setError(null);
    timer.current = window.setTimeout(() => setShowBusy(true), SIGNING_IN_DELAY_MS);
    try {
      await adminApi.login(username.trim(), password);
      await navigate({ to: "/admin", replace: true });
    } catch (err) {
      setError(
        loginErrorText(err, {
          network: t`Network error`,
          invalid: t`Invalid username or password`,
          throttled: (body) => throttledAnswerText(i18n, body),
        }),
      );
    } finally {
      window.clearTimeout(timer.current);
      pending.current = false;
      setShowBusy(false);
    }
  }

  return (
    <main className="admin-login" dir={directionOf(lang)}>
      {/* An operator reaches the console by its address, often before any storefront page: its language is chosen
          here too. */}
      <div className="admin-login__lang">
        <LanguageMenu />
      </div>
      <form
        className="admin-login__card"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-describedby={error ? errorId : undefined}
      >
        <h1>
          <Trans>Admin Login</Trans>
        </h1>
        <WaitingForSignIn />
        {[
          {
            id: "admin-username",
            name: "username",
            label: t`Username`,
            type: "text",
            value: username,
            set: setUsername,
          },
          {
            id: "admin-password",
            name: "password",
            label: t`Password`,
            type: "password",
            value: password,
            set: setPassword,
          },
        ].map((field) => (
          <FormField key={field.id} id={field.id} label={field.label}>
            <input
              id={field.id}
              name={field.name}
              type={field.type}
              autoComplete={field.type === "password" ? "current-password" : "username"}
              required
              value={field.value}
              onChange={(e) => field.set(e.target.value)}
              autoFocus={field.type !== "password"}
            />
          </FormField>
        ))}
        {error ? (
          <p id={errorId} className="admin-login__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary admin-login__submit" aria-busy={showBusy}>
          {showBusy ? <Trans>Signing in...</Trans> : <Trans>Login</Trans>}
        </button>
        <Link to="/" className="btn btn--link">
          <Trans>Back to the store</Trans>
        </Link>
      </form>
    </main>
  );
}
