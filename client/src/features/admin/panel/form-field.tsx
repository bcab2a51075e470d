/** A labelled form field with its error under it, as the admin forms lay them out. */
import type { ReactNode } from "react";

interface FormFieldProps {
  /** The id of the control in `children`, which the label names. */
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Announce the error as soon as it shows (the first field of a form). */
  announce?: boolean;
  /** The control, and any hint to show before the error. */
  children: ReactNode;
}

export function FormField({ id, label, error, announce = false, children }: FormFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="ac-field-error" role={announce ? "alert" : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
