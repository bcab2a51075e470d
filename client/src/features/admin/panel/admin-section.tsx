/** A console screen: its section, labelled by its heading (id `admin-<name>-title`), then what the screen shows. */
import type { ReactNode } from "react";

export function AdminSection({ name, title, children }: { name: string; title: ReactNode; children: ReactNode }) {
  const titleId = `admin-${name}-title`;
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
