/** The trail above a category or a product: Home, the category it sits in (if any), then the page itself. */
import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";

interface BreadcrumbProps {
  /** The category the page sits in, linked between Home and the page. */
  within?: { name: string; slug: string } | undefined;
  current: ReactNode;
}

export function Breadcrumb({ within, current }: BreadcrumbProps) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Breadcrumb`} className="breadcrumb">
      <Link to="/">
        <Trans>Home</Trans>
      </Link>
      <span aria-hidden="true">/</span>
      {within ? (
        <>
          <Link to="/category/$slug" params={{ slug: within.slug }}>
            {within.name}
          </Link>
          <span aria-hidden="true">/</span>
        </>
      ) : null}
      <span aria-current="page">{current}</span>
    </nav>
  );
}
