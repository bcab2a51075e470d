/** A panel's list, or what stands in for it: the load failure with Retry, Loading…, or the empty message. */
import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import type { Resource } from "./admin-request.ts";

interface ListStateProps<T> {
  /** The rows, undefined until they are loaded. */
  items: readonly T[] | undefined;
  empty: ReactNode;
  /** Shown with a Retry button while there are no rows because loading failed. */
  failure?: { message: ReactNode; retry: () => void } | undefined;
  children: (items: readonly T[]) => ReactNode;
}

export function ListState<T>({ items, empty, failure, children }: ListStateProps<T>) {
  if (failure && items === undefined)
    return (
      <p className="ac-hint" role="status">
        {failure.message}{" "}
        <button type="button" className="btn btn--link btn--sm" onClick={failure.retry}>
          <Trans>Retry</Trans>
        </button>
      </p>
    );
  if (items === undefined)
    return (
      <p className="loading" role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  if (items.length === 0) return <p className="ac-empty">{empty}</p>;
  return children(items);
}

/** A panel's load failure, said as an alert, with Try again. */
export function LoadFailure({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <p className="admin-message admin-message--error" role="alert">
      {children}{" "}
      <button type="button" className="btn btn--sm btn--secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </p>
  );
}

/** A list read from the server only: nothing before the first answer, the load failure with Try again, the empty
 * message (under `emptyTestId`), or what `children` makes of the answer. */
export function ServerListState<T>({
  resource,
  rows,
  failure,
  empty,
  emptyTestId,
  children,
}: {
  resource: Pick<Resource<T>, "data" | "error" | "reload">;
  /** The answer's rows: none shows `empty`. */
  rows: readonly unknown[];
  failure: ReactNode;
  empty: ReactNode;
  emptyTestId: string;
  children: (data: T) => ReactNode;
}) {
  if (resource.data === undefined)
    return resource.error ? <LoadFailure onRetry={() => void resource.reload()}>{failure}</LoadFailure> : null;
  if (rows.length === 0)
    return (
      <p className="admin-empty__title" data-testid={emptyTestId}>
        {empty}
      </p>
    );
  return children(resource.data);
}

/** Says that the list shows the copy synced on this device (the server could not be reached), with Retry when
 * the panel can ask again. */
export function OfflineCopyNote({ shown, onRetry }: { shown: boolean; onRetry?: () => void }) {
  if (!shown) return null;
  return (
    <p className="ac-hint" role="status">
      <Trans>Showing the copy saved on this device.</Trans>
      {onRetry ? (
        <>
          {" "}
          <button type="button" className="btn btn--link btn--sm" onClick={onRetry}>
            <Trans>Retry</Trans>
          </button>
        </>
      ) : null}
    </p>
  );
}
