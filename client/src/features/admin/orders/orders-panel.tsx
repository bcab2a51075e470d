/** Admin > Orders: every order, a page at a time from the server (docs/product.md, "Orders"), searchable by order
 * code or the start of an email, filtered by state and sorted by date or total; a row opens the order view. The
 * list is read from the server only: offline it says so and keeps what it showed. The 'Held stock' tab lists the
 * codes held by orders awaiting payment (held-stock.tsx), 'Unmatched payments' the money the payment provider took that
 * no order holds (unmatched-payments.tsx). */
import { useCallback, useEffect, useState } from "react";
import { CursorPager, FilterSelect, ListFilters, useCursorPages } from "../panel/cursor-pages.tsx";
import { Trans, useLingui } from "@lingui/react/macro";
import { ORDER_STATUSES } from "@store/shared/order-status";
import { ORDER_SORTS, type AdminOrder, type OrderSort } from "@store/shared/schemas/orders";
import { AdminNetworkError } from "../../../api/admin-client.ts";
import * as api from "../../../api/admin-endpoints.ts";
import type { OrderFilters as Filters } from "../../../api/admin-endpoints.ts";
import { adminApi } from "../../../local/admin-api.ts";
import { OrderModal, StatusLabel } from "../dashboard/order-view.tsx";
import { OrderList } from "../dashboard/order-row.tsx";
import { HeldStock } from "./held-stock.tsx";
import { UnmatchedPayments } from "./unmatched-payments.tsx";
import "./orders-panel.css";
import { AdminSection } from "../panel/admin-section.tsx";

const ORDERS_PAGE_SIZE = 25;

function SortLabel({ sort }: { sort: OrderSort }) {
  switch (sort) {
    case "newest":
      return <Trans>Newest first</Trans>;
    case "oldest":
      return <Trans>Oldest first</Trans>;
    case "total_desc":
      return <Trans>Highest total</Trans>;
    case "total_asc":
      return <Trans>Lowest total</Trans>;
  }
}

type Load = { kind: "loading" } | { kind: "ready" } | { kind: "offline" } | { kind: "error" };

type View = "all" | "held" | "unmatched";

export function OrdersPanel() {
  const { t } = useLingui();
  const [view, setView] = useState<View>("all");
  const pages = useCursorPages<Filters>({ q: "", status: "", sort: "newest" });
  const { filters, cursor, refine } = pages;
  const [orders, setOrders] = useState<AdminOrder[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [open, setOpen] = useState<{ code: string; order: AdminOrder | null } | null>(null);
  const [reloads, setReloads] = useState(0);

  const read = useCallback(async (wanted: Filters, at: string | null, signal: { stale: boolean }) => {
    setLoad({ kind: "loading" });
    try {
      const page = await adminApi.call(api.orders.page, {
        params: { limit: ORDERS_PAGE_SIZE, filters: wanted, cursor: at },
      });
      if (signal.stale) return;
      setOrders(page.orders);
      setNext(page.next);
      setLoad({ kind: "ready" });
    } catch (err) {
      if (signal.stale) return;
      setLoad({ kind: err instanceof AdminNetworkError ? "offline" : "error" });
    }
  }, []);

  useEffect(() => {
    // Only the latest request's answer is shown: an older, slower one is dropped.
    const signal = { stale: false };
    void read(filters, cursor, signal);
    return () => {
      signal.stale = true;
    };
  }, [read, filters, cursor, reloads]);

  return (
    <AdminSection name="orders" title={<Trans>Orders</Trans>}>
      <div className="admin-tabs" role="tablist" aria-label={t`Orders views`}>
        {(["all", "held", "unmatched"] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            className="admin-tabs__tab"
            data-testid={`orders-view-${v}`}
            onClick={() => setView(v)}
          >
            {v === "all" ? (
              <Trans>All orders</Trans>
            ) : v === "held" ? (
              <Trans>Held stock</Trans>
            ) : (
              <Trans>Unmatched payments</Trans>
            )}
          </button>
        ))}
      </div>
      {view === "held" ? (
        <div className="box" role="tabpanel">
          <HeldStock version={reloads} onOpenOrder={(code) => setOpen({ code, order: null })} />
        </div>
      ) : view === "unmatched" ? (
        <div className="box" role="tabpanel">
          <UnmatchedPayments version={reloads} onOpenOrder={(code) => setOpen({ code, order: null })} />
        </div>
      ) : (
        <div className="box" role="tabpanel">
          <ListFilters
            label={<Trans>Order code or email</Trans>}
            placeholder="PNR-12345 / name@example.com"
            dir="ltr"
            onSearch={(q) => refine({ q })}
          >
            <FilterSelect
              label={<Trans>Status</Trans>}
              value={filters.status}
              all={t`All orders`}
              options={ORDER_STATUSES.map((s) => [s, <StatusLabel status={s} />] as const)}
              onChange={(status) => refine({ status })}
            />
            <FilterSelect
              label={<Trans>Sort by</Trans>}
              value={filters.sort}
              options={ORDER_SORTS.map((s) => [s, <SortLabel sort={s} />] as const)}
              onChange={(sort) => refine({ sort })}
            />
          </ListFilters>

          <p className="orders-export">
            <a className="btn btn--secondary btn--sm" href={api.ordersCsvHref("orders", filters)} download>
              <Trans>Download CSV</Trans>
            </a>
            <a className="btn btn--secondary btn--sm" href={api.ordersCsvHref("sales", filters)} download>
              <Trans>Sales CSV</Trans>
            </a>
          </p>

          <div aria-live="polite" aria-busy={load.kind === "loading"}>
            {load.kind === "offline" ? (
              <p className="admin-message admin-message--error" role="alert">
                <Trans>The orders list needs the network. It will load when the connection returns.</Trans>{" "}
                <button type="button" className="btn btn--sm btn--secondary" onClick={() => setReloads((n) => n + 1)}>
                  <Trans>Try again</Trans>
                </button>
              </p>
            ) : load.kind === "error" ? (
              <p className="admin-message admin-message--error" role="alert">
                <Trans>The orders could not be loaded.</Trans>
              </p>
            ) : null}
            {load.kind === "ready" && orders.length === 0 ? (
              <p className="admin-empty__title" data-testid="orders-empty">
                {filters.q !== "" || filters.status !== "" ? (
                  <Trans>No order matches this search.</Trans>
                ) : (
                  <Trans>No orders yet</Trans>
                )}
              </p>
            ) : (
              <OrderList
                orders={orders}
                testId="orders-list"
                onOpen={(order) => setOpen({ code: order.code, order })}
              />
            )}
          </div>

          <CursorPager
            pages={pages}
            next={next}
            busy={load.kind === "loading"}
            label={t`Pages of orders`}
            testId="orders-page"
          />
        </div>
      )}

      <OrderModal
        code={open?.code ?? null}
        order={open?.order ?? null}
        onClose={() => setOpen(null)}
        onChanged={() => setReloads((n) => n + 1)}
      />
    </AdminSection>
  );
}
