import { useEffect } from "react";

const DEFAULT_TITLE = "Digital Store — Game Keys, Gift Cards & Subscriptions";

/** Sets document.title while the screen is shown; null means the store's default title. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ?? DEFAULT_TITLE;
  }, [title]);
}
