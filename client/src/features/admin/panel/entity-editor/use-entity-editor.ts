/** What an entity panel does to its rows (docs/decisions.md D17, D19): open the form to add or edit one, change one
 * in place (a switch, a move), delete one once confirmed. Every change goes through the offline outbox against the
 * version the row was read at, and ends in a toast: done, saved offline, or refused (a 409 in the entity's words). */
import { useState } from "react";
import { toast } from "../../../../ui/toast.tsx";
import { isRecord } from "@store/shared/is-record";
import { adminApi } from "../../../../local/admin-api.ts";
import { refreshStorefront } from "../admin-request.ts";
import { useChangeToasts } from "../change-toasts.ts";
import { idOf as rowId, nameOf, saveTo, type EntityKind } from "./entity-kind.ts";

/** A row's version, sent with each change of it (a 409 when someone changed it since); a row listed without one
 * (categories) is changed whatever its version. */
function versionOf(item: unknown): number | undefined {
  return isRecord(item) && typeof item.version === "number" ? item.version : undefined;
}

/** A creation waiting in the outbox, by its row there. */
export type Queued = { id: number };

/** The panel's form: closed, adding, editing a row, or editing a creation still waiting in the outbox. */
type FormMode<T, Q extends Queued = never> =
  { kind: "idle" } | { kind: "creating" } | { kind: "editing"; item: T } | { kind: "editing-queued"; queued: Q };

export interface EntityEditorOptions<T> {
  /** The storefront shows this entity: its copy on this device catches up after each change. */
  storefront?: boolean;
  /** What a refused change says on a 409, in the entity's words; the refusal's own text otherwise. */
  conflict?: string;
  remove: {
    /** The outbox's label of a deletion. */
    label: (item: T) => string;
    done: string;
    failTitle: string;
    /** The deletion carries the row's version (`?version=`), refused if someone changed the row since. */
    versioned?: boolean;
  };
  /** The form closed (products forget the address's linked product). */
  onClose?: () => void;
}

export interface EntityEditor<T, Q extends Queued = never, Update = unknown> {
  mode: FormMode<T, Q>;
  create: () => void;
  edit: (item: T) => void;
  editQueued: (queued: Q) => void;
  close: () => void;
  /** The open form's key: a form is made anew for each row and version it edits, so it never keeps another's typing. */
  formKey: () => string;
  /** The form saved (or queued) its change: it closes and the list reloads. */
  done: () => void;
  /** The row being changed, or null: its controls wait. */
  busyId: string | null;
  /** Runs `action` on `item` with the row busy; a failure is said under `failTitle`; the list reloads after. */
  run: (item: T, failTitle: string, action: () => Promise<void>) => Promise<void>;
  /** Saves `patch` on the row against its version, queued offline under `label`. */
  send: (item: T, patch: Update, label: string) => Promise<unknown>;
  /** `send` with the row busy, `done` said on success. */
  update: (item: T, patch: Update, texts: { label: string; done: string; failTitle: string }) => void;
  /** The row whose deletion waits for confirmation. */
  toDelete: T | null;
  askDelete: (item: T) => void;
  cancelDelete: () => void;
  confirmDelete: () => Promise<void>;
}

/** The editor of `kind`'s rows; after each change `list` asks the server again. */
export function useEntityEditor<T, Q extends Queued = never, Create = unknown, Update = unknown>(
  kind: EntityKind<T, Create, Update>,
  list: { reload: () => void },
  options: EntityEditorOptions<T>,
): EntityEditor<T, Q, Update> {
  const { entity, api } = kind;
  const idOf = (item: T) => rowId(kind, item);
  const [mode, setMode] = useState<FormMode<T, Q>>({ kind: "idle" });
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const toasts = useChangeToasts();

  function close() {
    setMode({ kind: "idle" });
    options.onClose?.();
  }

  async function run(item: T, failTitle: string, action: () => Promise<void>) {
    setBusyId(idOf(item));
    try {
      await action();
      if (options.storefront) refreshStorefront();
    } catch (err) {
      toasts.failed(err, failTitle, nameOf(kind, item), options.conflict);
    } finally {
      setBusyId(null);
      list.reload();
    }
  }

  function send(item: T, patch: Update, label: string) {
    return saveTo(kind, { existing: { id: idOf(item), version: versionOf(item) }, body: patch }, label);
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const item = toDelete;
    const { remove } = options;
    const version = remove.versioned ? versionOf(item) : undefined;
    try {
      await run(item, remove.failTitle, async () => {
        await adminApi.call(
          api.remove,
          { params: { id: idOf(item), version } },
          {
            queueOffline: {
              entity,
              entityId: idOf(item),
              label: remove.label(item),
              ...(version !== undefined ? { baseVersion: version } : {}),
            },
          },
        );
        toast.success(remove.done);
      });
    } finally {
      setToDelete(null);
    }
  }

  return {
    mode,
    create: () => setMode({ kind: "creating" }),
    edit: (item) => setMode({ kind: "editing", item }),
    editQueued: (queued) => setMode({ kind: "editing-queued", queued }),
    close,
    formKey: () => {
      if (mode.kind === "editing") return `${idOf(mode.item)}@${versionOf(mode.item) ?? ""}`;
      return mode.kind === "editing-queued" ? `queued-${mode.queued.id}` : "new";
    },
    done: () => {
      close();
      list.reload();
    },
    busyId,
    run,
    send,
    update: (item, patch, texts) =>
      void run(item, texts.failTitle, async () => {
        await send(item, patch, texts.label);
        toast.success(texts.done);
      }),
    toDelete,
    askDelete: (item) => setToDelete(() => item),
    cancelDelete: () => setToDelete(null),
    confirmDelete,
  };
}
