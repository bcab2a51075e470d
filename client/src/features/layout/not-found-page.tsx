import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useDocumentTitle } from "./use-document-title.ts";

export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return (
    <div className="container page page--center">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>The page you are looking for does not exist.</Trans>
      </p>
      <Link to="/" className="btn btn--primary">
        <Trans>Go home</Trans>
      </Link>
    </div>
  );
}
