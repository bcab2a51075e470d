/** One fact of a list of facts (<dl className="admin-facts">): its term, then its value. */
import type { ReactNode } from "react";

export function Fact({ term, children, className }: { term: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
