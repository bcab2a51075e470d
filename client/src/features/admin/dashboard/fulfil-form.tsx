/** The order view's "Fulfil order" form (docs/product.md): for each manual line of a paid order still lacking codes,
 * its title, option and quantity, a box for the codes (one per line, counted as they are typed) or, when the product
 * has codes in stock, "Take from stock". "Send codes" delivers the order; a refusal is shown as the server said it. */
import { useId, useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { FulfilOrderRequest, LineToFulfil } from "@store/shared/schemas/orders";
import "../panel/panels.css";
import "./fulfil.css";

/** The codes typed in a box: one per line, trimmed, blank lines left out. */
function typedCodes(text: string): string[] {
  return text
    .split(/\r\n|\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

interface LineInput {
  text: string;
  fromStock: boolean;
}

function FulfilLine({
  line,
  input,
  disabled,
  onChange,
}: {
  line: LineToFulfil;
  input: LineInput;
  disabled: boolean;
  onChange: (input: LineInput) => void;
}) {
  const id = useId();
  const count = typedCodes(input.text).length;
  const missing = line.missing;
  const qty = line.qty;
  const available = line.available;
  const name = line.variantName ? `${line.title} (${line.variantName})` : line.title;
  return (
    <fieldset className="fulfil-line" data-testid="fulfil-line">
      <legend>
        <span className="fulfil-line__title">{name}</span>{" "}
        <span className="muted">
          <Trans>Quantity: {qty}</Trans>
        </span>
      </legend>
      {available > 0 ? (
        <div className="fulfil-line__choice" role="radiogroup" aria-label={name}>
          <label>
            <input
              type="radio"
              name={`${id}-source`}
              checked={!input.fromStock}
              onChange={() => onChange({ ...input, fromStock: false })}
              disabled={disabled}
            />{" "}
            <Trans>Type the codes</Trans>
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-source`}
              checked={input.fromStock}
              onChange={() => onChange({ ...input, fromStock: true })}
              disabled={disabled || available < missing}
            />{" "}
            <Trans>Take from stock ({available} available)</Trans>
          </label>
        </div>
      ) : null}
      {input.fromStock ? null : (
        <div className="field">
          <label htmlFor={`${id}-codes`}>
            <Trans>Codes, one per line</Trans>
          </label>
          <textarea
            id={`${id}-codes`}
            value={input.text}
            onChange={(e) => onChange({ ...input, text: e.currentTarget.value })}
            disabled={disabled}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="off"
            dir="ltr"
            rows={Math.min(Math.max(missing, 2), 8)}
          />
          <p
            className={count === missing ? "ac-hint" : "ac-hint fulfil-line__count--off"}
            aria-live="polite"
            data-testid="fulfil-count"
          >
            <Trans>
              {count} of {missing} codes
            </Trans>
          </p>
        </div>
      )}
    </fieldset>
  );
}

export function FulfilForm({
  lines,
  busy,
  onSend,
}: {
  lines: LineToFulfil[];
  busy: boolean;
  /** Sends the request; answers the refusal's text, or null when done. */
  onSend: (body: FulfilOrderRequest) => Promise<string | null>;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const [inputs, setInputs] = useState<Record<string, LineInput>>({});
  const [error, setError] = useState<string | null>(null);
  const inputOf = (line: LineToFulfil): LineInput => inputs[line.lineId] ?? { text: "", fromStock: false };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const body: FulfilOrderRequest = { lines: [] };
    for (const line of lines) {
      const input = inputOf(line);
      if (input.fromStock) {
        body.lines.push({ lineId: line.lineId, fromStock: true });
        continue;
      }
      const codes = typedCodes(input.text);
      if (codes.length !== line.missing) {
        const title = line.variantName ? `${line.title} (${line.variantName})` : line.title;
        const count = line.missing;
        setError(t`"${title}" needs exactly ${count} code(s), one per line.`);
        return;
      }
      body.lines.push({ lineId: line.lineId, codes });
    }
    setError(null);
    setError(await onSend(body));
  }

  return (
    <section className="fulfil-form" aria-labelledby={headingId} data-testid="fulfil-form">
      <h3 id={headingId}>
        <Trans>Fulfil order</Trans>
      </h3>
      <p className="ac-hint">
        <Trans>Type or paste the codes of each line. They are sent to the customer by email in one message.</Trans>
      </p>
      <form onSubmit={(e) => void onSubmit(e)}>
        {lines.map((line) => (
          <FulfilLine
            key={line.lineId}
            line={line}
            input={inputOf(line)}
            disabled={busy}
            onChange={(input) => setInputs((all) => ({ ...all, [line.lineId]: input }))}
          />
        ))}
        {error ? (
          <p className="ac-field-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? <Trans>Sending…</Trans> : <Trans>Send codes</Trans>}
        </button>
      </form>
    </section>
  );
}
