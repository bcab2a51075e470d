/** An entity panel's list (docs/decisions.md D17): the server's rows, or offline the copy synced on this device, and
 * the edits of that entity still waiting in the outbox. */
import type { ReactNode } from "react";
import type { Endpoint } from "../../../../api/endpoint.ts";
import { useAdminResource } from "../admin-request.ts";
import { usePendingEdits, type PendingEdits } from "../pending-edits.ts";
import type { EntityKind } from "./entity-kind.ts";

export interface EntityListOptions<D, T> {
  /** Where the server lists them: the kind's list, or a page of it with its filters (api/admin-endpoints.ts's
   * `bind` gives the endpoint its parameters). */
  from: Endpoint<void, undefined, D>;
  /** The rows in the server's answer, in the order shown. */
  rows: (data: D) => readonly T[];
  /** The copy synced on this device (undefined while IndexedDB answers), for when the server cannot be reached;
   * `select` filters and orders it as the server would. Entities the storefront does not hold have none. */
  local?: { rows: readonly T[] | undefined; select?: (rows: readonly T[]) => readonly T[] };
  /** Said when the list could not be loaded (not when offline: the panel shows what it has). */
  loadFailed?: (err: unknown) => void;
}

export interface EntityList<D, T> {
  /** The server's answer as it came, once loaded. */
  data: D | undefined;
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
export function useEntityList<D, T>(kind: EntityKind<T>, options: EntityListOptions<D, T>): EntityList<D, T> {
  const resource = useAdminResource(options.from, options.loadFailed ? { onError: options.loadFailed } : {});
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
