/** Creations waiting in the offline outbox (docs/decisions.md D17),
 * listed above a panel's rows until the server has them. */
import type { AdminOutboxRow } from "../../../local/db.ts";
import { PendingBadge } from "./pending-badge.tsx";

export function PendingCreations({ rows }: { rows: readonly AdminOutboxRow[] }) {
  if (rows.length === 0) return null;
  return (
    <ul className="ac-list">
      {rows.map((row) => (
        <li key={row.id} className="ac-row">
          <span className="ac-row__main">{row.label}</span>
          <PendingBadge status={row.status} />
        </li>
      ))}
    </ul>
  );
}
