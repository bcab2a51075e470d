/** One kind of entity the console edits, as the entity editor kit needs to know it (docs/decisions.md D17). */
import { saveEntity } from "../admin-request.ts";

/** The keys of `T` that hold text. */
type TextKey<T> = { [K in keyof T]-?: T[K] extends string ? K : never }[keyof T];

export interface EntityKind<T> {
  /** The outbox's name for it ("banner"): its queued edits are marked on its rows. */
  entity: string;
  /** Where the server lists them; one is at `at/{key}`. */
  at: string;
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

/** One entity's address. */
export function pathOf<T>(kind: EntityKind<T>, item: T): string {
  return `${kind.at}/${encodeURIComponent(idOf(kind, item))}`;
}

/** Creates one (`existing` null) or saves one against the version it was read at, queued offline under `label`. */
export function saveTo<T>(
  kind: EntityKind<T>,
  existing: { id: string; version: number | undefined } | null | undefined,
  body: unknown,
  label: string,
): Promise<unknown> {
  return saveEntity(kind.at, kind.entity, existing, body, label);
}
