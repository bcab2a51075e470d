/** A figure, or, until it is known, a dash (read out as "Loading…"): never a 0 or a price the store may not have. */
import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";

export function Figure({ value }: { value: ReactNode }) {
  if (value !== null && value !== undefined) return <>{value}</>;
  return (
    <span data-testid="figure-pending">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">
        <Trans>Loading…</Trans>
      </span>
    </span>
  );
}
