/** /admin: the console shell — sidebar, header (Total Orders, pending changes), and the chosen section's panel. */
import { Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { Link, getRouteApi, useNavigate, useRouter } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { msg, plural } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { toast } from "../../ui/toast.tsx";
import { AdminNetworkError } from "../../api/admin-client.ts";
import { adminApi } from "../../local/admin-api.ts";
import { adminOutbox, useOutbox } from "../../local/admin-outbox.ts";
import { syncCatalog } from "../../local/catalog-sync.ts";
import { useOnline } from "../checkout/use-online.ts";
import { LanguageMenu } from "../layout/language-menu.tsx";
import { ThemeToggle } from "../layout/theme-toggle.tsx";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { useLang } from "../prefs/prefs-store.ts";
import { directionOf } from "../prefs/prefs-rules.ts";
import { DashboardPanel } from "./dashboard/dashboard-panel.tsx";
import { Figure } from "../../ui/figure.tsx";
import { forgetDashboard, useMetrics } from "./dashboard/dashboard-data.ts";
import { PendingChangesButton } from "./outbox/pending-changes.tsx";
import { ADMIN_SECTIONS, type AdminSection } from "./shell/admin-sections.ts";
import "./admin.css";
import { MenuIcon } from "../../ui/icons.tsx";
import { ConfirmDialog } from "../../ui/dialog.tsx";
import { InstallButton } from "../../app/install-app.tsx";

const OrdersPanel = lazy(() => import("./orders/orders-panel.tsx").then((m) => ({ default: m.OrdersPanel })));
const ProductsPanel = lazy(() => import("./products/products-panel.tsx").then((m) => ({ default: m.ProductsPanel })));
const CategoriesPanel = lazy(() =>
  import("./categories/categories-panel.tsx").then((m) => ({ default: m.CategoriesPanel })),
);
const BannersPanel = lazy(() => import("./banners/banners-panel.tsx").then((m) => ({ default: m.BannersPanel })));
const PromosPanel = lazy(() => import("./promos/promos-panel.tsx").then((m) => ({ default: m.PromosPanel })));
const BlockListPanel = lazy(() =>
  import("./block-list/block-list-panel.tsx").then((m) => ({ default: m.BlockListPanel })),
);
const SettingsPanel = lazy(() => import("./settings/settings-panel.tsx").then((m) => ({ default: m.SettingsPanel })));
const NewsletterPanel = lazy(() =>
  import("./newsletter/newsletter-panel.tsx").then((m) => ({ default: m.NewsletterPanel })),
);
const MailboxPanel = lazy(() => import("./mailbox/mailbox-panel.tsx").then((m) => ({ default: m.MailboxPanel })));

/** The panels that take nothing from the page, by section. */
const PLAIN_PANELS: Record<Exclude<AdminSection, "dashboard" | "products">, ComponentType> = {
  orders: OrdersPanel,
  categories: CategoriesPanel,
  banners: BannersPanel,
  promos: PromosPanel,
  blocklist: BlockListPanel,
  settings: SettingsPanel,
  newsletter: NewsletterPanel,
  mailbox: MailboxPanel,
};

const route = getRouteApi("/admin/");

/** While the console opened without reaching the server, how often it asks again once the network is back. */
const SESSION_RECHECK_MS = 5_000;

/** Each section's name in the sidebar. */
const SECTION_LABELS: Record<AdminSection, MessageDescriptor> = {
  dashboard: msg`Dashboard`,
  orders: msg`Orders`,
  products: msg`Products`,
  categories: msg`Categories`,
  banners: msg`Banners`,
  promos: msg`Promos`,
  blocklist: msg`Block list`,
  settings: msg`Settings`,
  newsletter: msg`Newsletter`,
  mailbox: msg`Mailbox`,
};

export function AdminPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const lang = useLang();
  const online = useOnline();
  const { adminSession } = route.useRouteContext();
  const { section = "dashboard", product: linkedProduct } = route.useSearch();
  const { metrics, lastKnownAt: metricsKnownAt, reload: reloadMetrics } = useMetrics();
  const { applied, count } = useOutbox();
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  useDocumentTitle(t`Admin console`);

  const signedIn = adminSession.kind === "signed-in";
  useEffect(() => {
    adminApi.setUnauthorizedHandler(() => void navigate({ to: "/admin/login", replace: true }));
    if (signedIn) void adminOutbox.resume().catch(() => undefined);
    return adminOutbox.start();
  }, [navigate, signedIn]);

  // Opened offline (a reload without network): once the network is back, ask the server for the session again,
  // until it answers, so the console leaves its offline state (or goes to the sign-in page).
  const sessionUnknown = adminSession.kind === "offline";
  useEffect(() => {
    if (!sessionUnknown || !online) return;
    const recheck = () => void router.invalidate();
    recheck();
    const timer = window.setInterval(recheck, SESSION_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [sessionUnknown, online, router]);

  // Edits saved offline that reach the server are announced once per run.
  useEffect(
    () =>
      adminOutbox.onReplayed(({ sent }) => {
        if (sent > 0)
          toast.success(
            plural(sent, {
              one: "# offline change was sent to the server",
              other: "# offline changes were sent to the server",
            }),
          );
      }),
    [],
  );

  // A queued edit reached the server: the storefront copy and the counters catch up.
  useEffect(() => {
    if (applied === 0) return;
    void syncCatalog();
    void reloadMetrics();
  }, [applied, reloadMetrics]);

  const [askingLogout, setAskingLogout] = useState(false);
  async function logout(confirmed = false) {
    if (leaving) return;
    // Edits still queued stay on this device and wait for the next sign-in: the operator decides knowingly.
    if (!confirmed && count > 0) {
      setAskingLogout(true);
      return;
    }
    setAskingLogout(false);
    setLeaving(true);
    try {
      await adminApi.logout();
    } catch (err) {
      if (err instanceof AdminNetworkError) {
        toast.error(t`Network error`);
        setLeaving(false);
        return;
      }
    }
    await forgetDashboard().catch(() => undefined);
    await navigate({ to: "/admin/login", replace: true });
  }

  let panel: ReactNode;
  if (section === "dashboard")
    panel = (
      <DashboardPanel metrics={metrics} metricsKnownAt={metricsKnownAt} onOrdersChanged={() => void reloadMetrics()} />
    );
  else if (section === "products")
    panel = (
      <ProductsPanel
        linkedProductId={linkedProduct}
        onLinkedClosed={() => void navigate({ to: "/admin", search: { section: "products" }, replace: true })}
      />
    );
  else {
    const Panel = PLAIN_PANELS[section];
    panel = <Panel />;
  }

  return (
    <div className="admin-shell" dir={directionOf(lang)} data-testid="admin-console">
      <header className="admin-shell__header">
        <button
          type="button"
          className="btn btn--ghost admin-shell__menu-button"
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen((v) => !v)}
        >
          <MenuIcon />
          <Trans>Menu</Trans>
        </button>
        <Link to="/" className="admin-shell__brand">
          <Trans>Admin console</Trans>
        </Link>
        <div className="admin-shell__stat" data-testid="header-total-orders">
          <span className="muted">
            <Trans>Total Orders</Trans>
          </span>
          <strong>
            <Figure value={metrics?.totalOrders} />
          </strong>
        </div>
        <div className="admin-shell__tools">
          {!online || adminSession.kind === "offline" ? (
            <span className="admin-offline" role="status">
              <Trans>Offline</Trans>
            </span>
          ) : null}
          <PendingChangesButton />
          <LanguageMenu />
          <ThemeToggle />
        </div>
      </header>
      {!online ? (
        <p className="admin-shell__notice" role="status">
          <Trans>You are offline. Changes you save are kept on this device and sent when the connection returns.</Trans>
        </p>
      ) : null}
      <div className="admin-shell__body">
        <nav
          id="admin-sidebar"
          className={menuOpen ? "admin-sidebar is-open" : "admin-sidebar"}
          aria-label={t`Admin sections`}
        >
          <ul className="admin-sidebar__list">
            {ADMIN_SECTIONS.map((s) => (
              <li key={s}>
                <Link
                  to="/admin"
                  search={s === "dashboard" ? {} : { section: s }}
                  className="admin-sidebar__link"
                  // The whole search must match: Dashboard's empty one would match every section otherwise.
                  activeOptions={{ exact: true, includeSearch: true }}
                  onClick={() => setMenuOpen(false)}
                >
                  {i18n._(SECTION_LABELS[s])}
                </Link>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn--secondary admin-sidebar__logout"
            onClick={() => void logout()}
            disabled={leaving}
          >
            <Trans>Logout</Trans>
          </button>
          <InstallButton className="btn btn--secondary admin-sidebar__install" />
        </nav>
        {menuOpen ? (
          <div className="admin-sidebar__backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />
        ) : null}
        <ConfirmDialog
          open={askingLogout}
          title={t`Sign out with unsent changes?`}
          message={plural(count, {
            one: "# change has not reached the server yet. It stays on this device and is sent after the next sign-in.",
            other:
              "# changes have not reached the server yet. They stay on this device and are sent after the next sign-in.",
          })}
          confirmLabel={t`Sign out anyway`}
          onConfirm={() => void logout(true)}
          onCancel={() => setAskingLogout(false)}
        />
        <main className="admin-shell__main" id="main" tabIndex={-1}>
          <Suspense fallback={<p className="muted">{t`Loading...`}</p>}>{panel}</Suspense>
        </main>
      </div>
    </div>
  );
}
