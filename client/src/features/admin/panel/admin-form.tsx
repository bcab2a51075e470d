/** An admin form: the browser's own validation is off (the forms show the store's field errors instead), and
 * submitting runs `onSubmit` instead of loading a page. */
import type { ReactNode } from "react";

interface AdminFormProps {
  className?: string;
  onSubmit: () => unknown;
  children: ReactNode;
}

export function AdminForm({ className = "ac-form", onSubmit, children }: AdminFormProps) {
  return (
    <form
      className={className}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
