/** A whole page that says one thing (not found, empty, could not load) and offers the way on. */
import type { ReactNode } from "react";

interface PageMessageProps {
  title: ReactNode;
  children?: ReactNode;
  /** The way on: a link or a button styled as one. */
  action?: ReactNode;
  /** Shown large above the title, for the eye only ("404"). */
  mark?: string;
  testId?: string;
}

export function PageMessage({ title, children, action, mark, testId }: PageMessageProps) {
  return (
    <div className="container page page--center" data-testid={testId}>
      {mark ? (
        <p className="not-found__code" aria-hidden="true">
          {mark}
        </p>
      ) : null}
      <h1>{title}</h1>
      {children ? <p>{children}</p> : null}
      {action}
    </div>
  );
}
