/** Admin > Orders > Held stock: the codes orders awaiting payment hold (order, recipient, product, units, since,
 * expiry), the orders expiring first, each with 'Release': the order is cancelled and its codes go back to stock at
 * once (docs/operations.md "Limits"). Read from the server only; a release is never queued offline, since the
 * operator acts on what the server holds now. */
import { useState } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { HeldStockRow } from "@store/shared/schemas/stock";
import * as api from "../../../api/admin-endpoints.ts";
import { adminApi } from "../../../local/admin-api.ts";
import { toast } from "../../../ui/toast.tsx";
import { ConfirmDialog } from "../../../ui/dialog.tsx";
import { useAdminResource } from "../panel/admin-request.ts";
import { useAdminErrorText } from "../stock/admin-errors.ts";
import { useFormatDate } from "../dashboard/order-status.tsx";
import { AdminTable, LtrCell } from "../panel/admin-table.tsx";
import { ServerListState } from "../panel/list-state.tsx";
import { OrderCodeButton, useReloadOnVersion, type OrderOpenerProps } from "../panel/order-opener.tsx";

export function HeldStock({ onOpenOrder, version }: OrderOpenerProps) {
  const { t } = useLingui();
  const errorText = useAdminErrorText();
  const formatDate = useFormatDate();
  const held = useAdminResource(api.stock.held);
  const [asking, setAsking] = useState<HeldStockRow | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = held.reload;
  useReloadOnVersion(version, reload);
  const rows = held.data?.rows ?? [];
  const total = rows.reduce((n, r) => n + r.units, 0);

  async function release(row: HeldStockRow) {
    if (busy) return;
    setBusy(true);
    try {
      await adminApi.call(api.orders.act, { params: { code: row.code, action: "release" }, body: {} });
      toast.success(t`Order ${row.code} released: its codes are back in stock`);
    } catch (err) {
      toast.error(t`The order could not be released`, {
        description: errorText(err, t`Something went wrong. Please try again.`),
      });
    } finally {
      setBusy(false);
      setAsking(null);
      void held.reload();
    }
  }

  return (
    <div data-testid="held-stock" aria-busy={held.loading}>
      <p className="muted">
        <Trans>
          Codes reserved by orders awaiting payment, the orders expiring first. Releasing an order cancels it and puts
          its codes back in stock at once.
        </Trans>
      </p>
      <ServerListState
        resource={held}
        rows={rows}
        failure={<Trans>The held stock could not be loaded.</Trans>}
        empty={<Trans>No order awaiting payment holds codes.</Trans>}
        emptyTestId="held-stock-empty"
      >
        {(data) => (
          <>
            <p data-testid="held-stock-total">
              <Plural value={total} one="# code held" other="# codes held" />
              {data.more ? (
                <>
                  {" "}
                  <Trans>(the first 200 rows)</Trans>
                </>
              ) : null}
            </p>
            <AdminTable
              className="held-stock__table"
              columns={[
                { title: <Trans>Order</Trans> },
                { title: <Trans>Recipient</Trans> },
                { title: <Trans>Product</Trans> },
                { title: <Trans>Units</Trans>, numeric: true },
                { title: <Trans>Held since</Trans> },
                { title: <Trans>Expires</Trans> },
                { title: <Trans>Actions</Trans>, hiddenTitle: true },
              ]}
            >
              {rows.map((r, i) => (
                <tr key={`${r.code}:${r.productId}:${r.variantName ?? ""}:${i}`} data-testid="held-stock-row">
                  <td>
                    <OrderCodeButton code={r.code} onOpen={onOpenOrder} />
                  </td>
                  <LtrCell>{r.customerEmail}</LtrCell>
                  <td dir="auto">{r.variantName ? `${r.title} — ${r.variantName}` : r.title}</td>
                  <td className="admin-num">{r.units}</td>
                  <td>{formatDate(r.createdAt, true)}</td>
                  <td>{r.expiresAt === null ? "—" : formatDate(r.expiresAt, true)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--danger btn--sm held-stock__release"
                      disabled={busy}
                      onClick={() => setAsking(r)}
                      aria-label={t`Release order ${r.code}`}
                    >
                      <Trans>Release</Trans>
                    </button>
                  </td>
                </tr>
              ))}
            </AdminTable>
          </>
        )}
      </ServerListState>
      <ConfirmDialog
        open={asking !== null}
        title={t`Release order ${asking?.code ?? ""}?`}
        message={t`Order ${asking?.code ?? ""} will be cancelled and its reserved codes go back to stock. This cannot be undone.`}
        confirmLabel={t`Release`}
        busy={busy}
        onConfirm={() => {
          if (asking) void release(asking);
        }}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
