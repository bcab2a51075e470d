/** An entity panel's list (docs/decisions.md D17): the server's rows, or offline the copy synced on this device, and
 * the edits of that entity still waiting in the outbox. */
import type { ReactNode } from "react";
import type { z } from "zod";
import { useAdminResource } from "../admin-request.ts";
import { usePendingEdits, type PendingEdits } from "../pending-edits.ts";
import type { EntityKind } from "./entity-kind.ts";

export interface EntityListOptions<S extends z.ZodType, T> {
  /** Where the server lists them when not at the kind's address (the filters and page in it, for a paged list). */
  path?: string;
  schema: S;
  /** The rows in the server's answer, in the order shown. */
  rows: (data: z.infer<S>) => readonly T[];
  /** The copy synced on this device (undefined while IndexedDB answers), for when the server cannot be reached;
   * `select` filters and orders it as the server would. Entities the storefront does not hold have none. */
  local?: { rows: readonly T[] | undefined; select?: (rows: readonly T[]) => readonly T[] };
  /** Said when the list could not be loaded (not when offline: the panel shows what it has). */
  loadFailed?: (err: unknown) => void;
}

export interface EntityList<S extends z.ZodType, T> {
  /** The server's answer as it came, once loaded. */
  data: z.infer<S> | undefined;
  /** The rows shown: the server's, or the device's copy; undefined while neither is there. */
  items: readonly T[] | undefined;
  /** The rows are the device's copy: the server could not be reached. */
  offlineCopy: boolean;
  loading: boolean;
  pending: PendingEdits;
  reload: () => void;
  /** ListState's load failure, with Retry, while the list failed and no copy stands in for it. */
  failure: (message: ReactNode) => { message: ReactNode; retry: () => void } | undefined;
}

/** `kind`'s list; its queued edits are the list's pending ones. */
export function useEntityList<S extends z.ZodType, T>(
  kind: EntityKind<T>,
  options: EntityListOptions<S, T>,
): EntityList<S, T> {
  const resource = useAdminResource(options.path ?? kind.at, options.schema, options.loadFailed);
  const pending = usePendingEdits(kind.entity);
  const local = options.local?.rows;
  const offlineCopy = resource.data === undefined && resource.error !== null && local !== undefined;
  const select = options.local?.select ?? ((rows: readonly T[]) => rows);
  const items =
    resource.data !== undefined ? options.rows(resource.data) : offlineCopy && local ? select(local) : undefined;
  const reload = () => void resource.reload();
  return {
    data: resource.data,
    items,
    offlineCopy,
    loading: resource.loading,
    pending,
    reload,
    failure: (message) => (resource.error !== null && !offlineCopy ? { message, retry: reload } : undefined),
  };
}
