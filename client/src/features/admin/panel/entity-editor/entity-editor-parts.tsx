/** The pieces of an entity panel around its own fields: the heading with its add button, the form's dialog, the
 * delete confirmation and a conflict's choices (docs/decisions.md D17). */
import { Fragment, type ComponentProps, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { ConfirmDialog, Dialog } from "../../../../ui/dialog.tsx";
import { AdminForm } from "../admin-form.tsx";
import type { EntityEditor, Queued } from "./use-entity-editor.ts";

/** What the dialogs use of an editor: not its changes, whose body type is the entity's own. */
type EditorState<T, Q extends Queued> = Omit<EntityEditor<T, Q>, "send" | "update">;

/** A panel whose form opens in a dialog: its title (`titleId` names the section by it) beside the button that opens
 * the form to add one, then `children`. */
export function EntitySection(props: {
  titleId: string;
  title: ReactNode;
  addLabel: ReactNode;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <section className="ac-panel" aria-labelledby={props.titleId}>
      <div className="ac-panel__head">
        <h2 id={props.titleId}>{props.title}</h2>
        <button type="button" className="btn btn--primary" onClick={props.onAdd}>
          {props.addLabel}
        </button>
      </div>
      {props.children}
    </section>
  );
}

/** A panel whose add form stands at its top, in a row: its title (`titleId`), the fields and submit button
 * (`children`), and under them what stops the form (`errorId` lets a field point at it). */
export function InlineAddBox(props: {
  titleId: string;
  title: ReactNode;
  onSubmit: () => unknown;
  error: string | null;
  errorId?: string;
  children: ReactNode;
}) {
  return (
    <div className="ac-box">
      <h2 id={props.titleId}>{props.title}</h2>
      <AdminForm className="ac-inline-form ac-form" onSubmit={props.onSubmit}>
        {props.children}
      </AdminForm>
      {props.error ? (
        <p id={props.errorId} className="ac-field-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

interface FormDialogProps<T, Q extends Queued> {
  editor: EditorState<T, Q>;
  /** The dialog's title when adding one, and when editing one (a queued creation included). */
  title: { add?: ReactNode; edit: ReactNode };
  size?: ComponentProps<typeof Dialog>["size"];
  /** The form, given the row it edits (none when adding) or the queued creation. */
  children: (item: T | undefined, queued: Q | undefined) => ReactNode;
}

/** The add or edit form in a dialog, open while the editor's mode is not idle. */
export function EntityFormDialog<T, Q extends Queued>({ editor, title, size, children }: FormDialogProps<T, Q>) {
  const { mode } = editor;
  return (
    <Dialog
      open={mode.kind !== "idle"}
      title={mode.kind === "creating" ? title.add : title.edit}
      onClose={editor.close}
      {...(size ? { size } : {})}
    >
      {mode.kind === "idle" ? null : (
        <Fragment key={editor.formKey()}>
          {children(
            mode.kind === "editing" ? mode.item : undefined,
            mode.kind === "editing-queued" ? mode.queued : undefined,
          )}
        </Fragment>
      )}
    </Dialog>
  );
}

/** "Delete …?" for the row the editor holds, with the panel's own words (`message` names the row). */
export function EntityDeleteDialog<T, Q extends Queued>(props: {
  editor: EditorState<T, Q>;
  title: ReactNode;
  message: (item: T | null) => ReactNode;
}) {
  const { editor } = props;
  return (
    <ConfirmDialog
      open={editor.toDelete !== null}
      title={props.title}
      message={props.message(editor.toDelete)}
      confirmLabel={<Trans>Delete</Trans>}
      busy={editor.busyId !== null}
      onConfirm={() => void editor.confirmDelete()}
      onCancel={editor.cancelDelete}
    />
  );
}

/** A save refused with a 409: what changed, and the choice of taking the server's version or keeping these edits. */
export function ConflictAlert(props: {
  /** The 409's text, or null while there is none. */
  conflict: string | null;
  /** The sentence before it, in the entity's words. */
  intro: ReactNode;
  onReload: () => void;
  onKeepMine: () => void;
}) {
  if (!props.conflict) return null;
  return (
    <div className="ac-alert" role="alert">
      <p>
        {props.intro} {props.conflict}
      </p>
      <button type="button" className="btn btn--sm btn--secondary" onClick={props.onReload}>
        <Trans>Reload latest</Trans>
      </button>
      <button type="button" className="btn btn--sm btn--ghost" onClick={props.onKeepMine}>
        <Trans>Keep my changes</Trans>
      </button>
    </div>
  );
}
