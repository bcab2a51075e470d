/** What the console's lists of orders share with the order view: a row's order code opens it there, and the list is
 * read again when an order changed there (the dashboard's work to do and stock read-out, held stock, unmatched
 * payments). */
import { useEffect } from "react";
import { useLingui } from "@lingui/react/macro";

export interface OrderOpenerProps {
  onOpenOrder: (code: string) => void;
  /** Bumped when an order changed in the order view: the list is read again. */
  version: number;
}

/** Calls `reload` each time `version` is bumped; not on the first render, when the list is loading already. */
export function useReloadOnVersion(version: number, reload: () => Promise<unknown>): void {
  useEffect(() => {
    if (version > 0) void reload();
  }, [version, reload]);
}

/** An order's code as a link-styled button that opens the order. */
export function OrderCodeButton(props: { code: string; onOpen: (code: string) => void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="btn btn--link btn--sm"
      onClick={() => props.onOpen(props.code)}
      aria-label={t`Open order ${props.code}`}
    >
      <bdi>{props.code}</bdi>
    </button>
  );
}
