/** One kind of entity the console edits, as the entity editor kit needs to know it (docs/decisions.md D17). */
import type { EntityEndpoints } from "../../../../api/admin-endpoints.ts";
import { saveEntity } from "../admin-request.ts";

/** The keys of `T` that hold text. */
type TextKey<T> = { [K in keyof T]-?: T[K] extends string ? K : never }[keyof T];

export interface EntityKind<T, Create = unknown, Update = unknown> {
  /** The outbox's name for it ("banner"): its queued edits are marked on its rows. */
  entity: string;
  /** Its endpoints (api/admin-endpoints.ts): the list, and creating, saving and deleting one. */
  api: EntityEndpoints<T, Create, Update>;
  /** The field that names one in its address (a banner's id, a promo's code). */
  key: TextKey<T>;
  /** The field the operator knows one by (a banner's title, a category's name): toasts name it. */
  name: TextKey<T>;
}

export function idOf<T>(kind: EntityKind<T>, item: T): string {
  return String(item[kind.key]);
}

export function nameOf<T>(kind: EntityKind<T>, item: T): string {
  return String(item[kind.name]);
}

/** Creates one (`existing` null) or saves one against the version it was read at, queued offline under `label`. */
export function saveTo<T, Create, Update>(
  kind: EntityKind<T, Create, Update>,
  change:
    | { existing: null | undefined; body: Create }
    | { existing: { id: string; version: number | undefined }; body: Update },
  label: string,
): Promise<T> {
  return saveEntity(kind.api, kind.entity, change, label);
}

/** saveTo for a form with one body for both: a new row while `editing` is null, else an edit of `editing` made
 * against `version`. */
export function saveFormTo<T, Create, Update>(
  kind: EntityKind<T, Create, Update>,
  editing: { id: string } | null | undefined,
  version: number | undefined,
  body: Create & Update,
  label: string,
): Promise<T> {
  return saveTo(kind, editing ? { existing: { id: editing.id, version }, body } : { existing: null, body }, label);
}
