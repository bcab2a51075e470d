import type { HTMLAttributes, Ref } from "react";

interface Props {
  id: string;
  label: string;
  value: string;
  /** Already translated; null when the field is valid or not yet checked. */
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  type: "text" | "email" | "tel";
  name: string;
  autoComplete: string;
  inputMode: HTMLAttributes<HTMLInputElement>["inputMode"];
  required?: boolean;
  disabled?: boolean;
  hint?: string;
}

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export function CheckoutField({
  id,
  label,
  value,
  error,
  onChange,
  onBlur,
  inputRef,
  type,
  name,
  autoComplete,
  inputMode,
  required = true,
  disabled,
  hint,
}: Props) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`checkout-field ${error ? "has-error" : ""}`}>
      <label htmlFor={id} className="checkout-field__label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="checkout-field__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        ref={inputRef}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={required}
        aria-required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        dir={type === "text" ? "auto" : "ltr"}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <p id={errorId} className="checkout-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
