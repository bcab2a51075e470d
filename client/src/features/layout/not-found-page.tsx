import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useDocumentTitle } from "./use-document-title.ts";
import { PageMessage } from "./page-message.tsx";

export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return (
    <PageMessage
      mark="404"
      title={<Trans>Page not found</Trans>}
      action={
        <Link to="/" className="btn btn--primary">
          <Trans>Go home</Trans>
        </Link>
      }
    >
      <Trans>The page you are looking for does not exist.</Trans>
    </PageMessage>
  );
}
