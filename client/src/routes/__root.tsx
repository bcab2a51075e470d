import { Outlet, createRootRoute, useRouterState } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { SiteHeader } from "../features/layout/site-header.tsx";
import { SiteFooter } from "../features/layout/site-footer.tsx";
import { NotFoundPage } from "../features/layout/not-found-page.tsx";
import { useLang, useTheme } from "../features/prefs/prefs-store.ts";
import { directionOf } from "../features/prefs/prefs-rules.ts";
import { LazyToaster } from "../ui/toast.tsx";
import { useMediaQuery } from "../ui/use-media-query.ts";

/** The widths the storefront lays out as a phone's (its one-column layout). */
const PHONE = "(max-width: 760px)";

function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const lang = useLang();
  const theme = useTheme();
  const isAdmin = pathname === "/admin" || pathname.startsWith("/admin/");
  // On a phone the bottom of the screen holds what the shopper is doing (Add to cart, the checkout's fields, how to
  // pay), and a toast there covers it: the storefront's come from the top instead, over the header.
  const phone = useMediaQuery(PHONE);
  const position = phone && !isAdmin ? "top-center" : "bottom-center";
  const toaster = <LazyToaster theme={theme} dir={directionOf(lang)} position={position} closeButton richColors />;
  if (isAdmin) {
    return (
      <>
        <Outlet />
        {toaster}
      </>
    );
  }
  return (
    <>
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      {toaster}
    </>
  );
}

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
