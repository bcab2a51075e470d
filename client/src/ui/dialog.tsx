/** Modals on the native <dialog> (focus kept inside, Escape closes, top layer: no ancestor can clip them):
 * a centred dialog, a confirmation built on it, and a side drawer. */
import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type RefObject, type SyntheticEvent } from "react";
import { Trans } from "@lingui/react/macro";
import "./dialog.css";

/** Widths on a tablet or a desktop; on a phone every dialog fills the screen. */
type DialogSize = "narrow" | "regular" | "wide" | "wider";

interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: DialogSize;
}

/** Opens the <dialog> as a modal while `open` is true (for dialogs with a layout of their own). */
/** A modal's Escape key (its cancel event) closes it through `onClose`, so its owner's state says it is closed. */
export function closeOnCancel(onClose: () => void): (e: SyntheticEvent<HTMLDialogElement>) => void {
  return (e) => {
    e.preventDefault();
    onClose();
  };
}

/** A press on the dialog element itself, not on its content, is a press on its backdrop: it closes the modal. */
export function closeOnBackdrop(onClose: () => void): (e: MouseEvent<HTMLDialogElement>) => void {
  return (e) => {
    if (e.target === e.currentTarget) onClose();
  };
}

export function useModal(open: boolean): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

export function Dialog({ open, title, onClose, children, size = "regular" }: DialogProps) {
  const ref = useModal(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={size === "regular" ? "dialog" : `dialog dialog--${size}`}
      aria-labelledby={titleId}
      onCancel={closeOnCancel(onClose)}
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
  /** The confirming button's look: red for what takes something away (the default), the main colour otherwise. */
  tone?: "danger" | "primary" | undefined;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  tone = "danger",
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  return (
    <Dialog open={open} title={title} onClose={onCancel}>
      <p>{message}</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className={`btn btn--${tone}`} onClick={onConfirm} disabled={busy} autoFocus>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

interface DrawerProps {
  open: boolean;
  id?: string;
  label: string;
  onClose: () => void;
  children: ReactNode;
}

/** A full-height panel from the start edge (the left, or the right in Arabic); a tap outside closes it. */
export function Drawer({ open, id, label, onClose, children }: DrawerProps) {
  const ref = useModal(open);
  return (
    <dialog
      ref={ref}
      id={id}
      className="drawer"
      aria-label={label}
      onCancel={closeOnCancel(onClose)}
      // The panel fills the dialog box, so a click on the dialog itself landed on its backdrop.
      onClick={closeOnBackdrop(onClose)}
    >
      {open ? <div className="drawer__panel">{children}</div> : null}
    </dialog>
  );
}
