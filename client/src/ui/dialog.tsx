/** A modal on the native <dialog> (focus kept inside, Escape closes, top layer), and a confirmation built on it. */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import "./dialog.css";

/** Widths on a tablet or a desktop; on a phone every dialog fills the screen. */
export type DialogSize = "narrow" | "regular" | "wide" | "wider";

interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: DialogSize;
}

export function Dialog({ open, title, onClose, children, size = "regular" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={size === "regular" ? "dialog" : `dialog dialog--${size}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}

interface ConfirmProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, message, confirmLabel, busy = false, onConfirm, onCancel }: ConfirmProps) {
  return (
    <Dialog open={open} title={title} onClose={onCancel}>
      <p>{message}</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="btn btn--danger" onClick={onConfirm} disabled={busy} autoFocus>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
