/** Loading lists from the admin API, and reading its errors, for the catalog panels. */
import { editConflictSchema, type EditConflict } from "@store/shared/schemas/conflict";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { AdminApiError, isNetworkError, isStorageFull } from "../../../api/admin-client.ts";
import type { Endpoint } from "../../../api/endpoint.ts";
import type { EntityEndpoints } from "../../../api/admin-endpoints.ts";
import { adminApi } from "../../../local/admin-api.ts";
import { syncCatalog } from "../../../local/catalog-sync.ts";
import { adminOutbox } from "../../../local/admin-outbox.ts";
import { i18n } from "../../../i18n/i18n.ts";
import { fieldTexts, refusalText, storageFullText, type ErrorForm } from "../../../i18n/error-messages.ts";

export interface Resource<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  reload: () => Promise<T | undefined>;
}

/** A resource's parameters (none for an endpoint that takes none) and who hears of a failed load. */
export type ResourceOptions<P> = ([P] extends [void] ? { params?: undefined } : { params: P }) & {
  onError?: (err: unknown) => void;
};

type ResourceArgs<P> = [P] extends [void] ? [options?: ResourceOptions<P>] : [options: ResourceOptions<P>];

/** Reads `ep` (a GET of api/admin-endpoints.ts) with its parameters; an answer its schema refuses counts as a load
 * failure. It is read again when the parameters name another address. */
export function useAdminResource<P, T>(ep: Endpoint<P, undefined, T>, ...[options]: ResourceArgs<P>): Resource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const params = options?.params as P;
  // The address alone says when to read again: an endpoint made anew, or parameters naming the same address, ask
  // the same thing.
  const path = ep.path(params);
  const current = useRef({ ep, params, onError: options?.onError });
  useEffect(() => {
    current.current = { ep, params, onError: options?.onError };
  });

  // Reloads can overlap (the connection returns while a queued edit lands): only the latest one's
  // answer is shown, so an older, slower answer never paints stale data over a newer one.
  const latest = useRef(0);
  const reload = useCallback(async (): Promise<T | undefined> => {
    const request = ++latest.current;
    setLoading(true);
    try {
      const answer = await adminApi.request(current.current.ep, { params: current.current.params, body: undefined });
      if (request === latest.current) {
        setData(answer);
        setError(null);
      }
      return answer;
    } catch (err) {
      console.error(`GET ${path} failed`, err);
      if (request !== latest.current) return undefined;
      setError(err);
      // Offline the panels say so and show what they have; a failure toast would only repeat it.
      if (!(isNetworkError(err) && navigator.onLine === false)) current.current.onError?.(err);
      return undefined;
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [path]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Reload when a queued offline edit reaches the server, and when the connection returns.
  const applied = useSyncExternalStore(adminOutbox.subscribe, () => adminOutbox.getState().applied);
  useEffect(() => {
    if (applied > 0) void reload();
  }, [applied, reload]);
  useEffect(() => {
    const onOnline = () => void reload();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [reload]);

  return { data, loading, error, reload };
}

/** The message to show for a failed call, in the operator's language: for a 4xx, its code's text (the server's
 * English only for a code the client does not know); a generic one otherwise. */
export function errorText(err: unknown, fallback: string, form?: ErrorForm): string {
  if (isStorageFull(err)) return storageFullText(i18n);
  if (!(err instanceof AdminApiError) || isNetworkError(err) || err.status < 400 || err.status >= 500) return fallback;
  const answer = { code: err.code, params: err.params, message: err.message };
  return refusalText(i18n, answer, err.fieldCodes, form) ?? fallback;
}

export function isConflict(err: unknown): err is AdminApiError {
  return err instanceof AdminApiError && err.status === 409;
}

/** The edit conflict a refusal is (someone changed the entity since it was read), with the server's copy; undefined
 * for any other refusal, another 409 included (a name taken, a reused key). */
export function editConflictOf(err: unknown): EditConflict | undefined {
  if (!isConflict(err)) return undefined;
  const parsed = editConflictSchema.safeParse(err.body);
  return parsed.success ? parsed.data : undefined;
}

/** A refused request's field errors, in the operator's language (`form`: see fieldErrorsFromIssues). */
export function fieldErrorsOf(err: unknown, form?: ErrorForm): Record<string, string> {
  return err instanceof AdminApiError ? fieldTexts(i18n, err.fieldCodes, err.fields, form) : {};
}

/** After a change reaches the server, the storefront's local copy catches up right away (docs/decisions.md D1). */
export function refreshStorefront(): void {
  void syncCatalog();
}

/** Creates an entity or updates one (against the version it was read at when known), queued under `entity` with
 * `label` when the network is out. */
export function saveEntity<Item, Create, Update>(
  api: Pick<EntityEndpoints<Item, Create, Update>, "create" | "update">,
  entity: string,
  change:
    | { existing: null | undefined; body: Create }
    | { existing: { id: string; version: number | undefined }; body: Update },
  label: string,
): Promise<Item> {
  if (!change.existing)
    return adminApi.request(api.create, { params: undefined, body: change.body }, { queueOffline: { entity, label } });
  const { id, version } = change.existing;
  return adminApi.request(
    api.update,
    { params: id, body: change.body },
    { queueOffline: { entity, entityId: id, label, ...(version !== undefined ? { baseVersion: version } : {}) } },
  );
}
