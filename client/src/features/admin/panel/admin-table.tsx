/** The console's data tables: a scrolling box (a wide table scrolls sideways on a phone, the page does not), a
 * header row of column titles (numbers end-aligned, a column of buttons titled for screen readers only), then
 * the rows the caller gives. */
import type { ReactNode } from "react";

export interface AdminColumn {
  title: ReactNode;
  /** A column of numbers: end-aligned, like its cells (className "admin-num"). */
  numeric?: boolean;
  /** A column of buttons: its title is read by screen readers, not shown. */
  hiddenTitle?: boolean;
}

export function AdminTable({
  columns,
  className,
  children,
  footer,
  ...labels
}: {
  columns: readonly AdminColumn[];
  /** Classes beside "admin-table". */
  className?: string;
  /** The rows (<tr>). */
  children: ReactNode;
  /** Rows under the body (<tfoot>), such as a total. */
  footer?: ReactNode;
  "aria-label"?: string;
  "aria-labelledby"?: string;
  "data-testid"?: string;
}) {
  return (
    <div className="admin-table-scroll">
      <table className={className ? `admin-table ${className}` : "admin-table"} {...labels}>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={column.numeric ? "admin-num" : undefined}>
                {column.hiddenTitle ? <span className="visually-hidden">{column.title}</span> : column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}

/** A cell of a left-to-right value (an email, an address, a reference), kept whole in a right-to-left page. */
export function LtrCell({ children }: { children: ReactNode }) {
  return (
    <td>
      <bdi dir="ltr">{children}</bdi>
    </td>
  );
}
