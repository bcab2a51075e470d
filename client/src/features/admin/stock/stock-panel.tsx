/** The product editor's code stock (docs/decisions.md D10): counts per option, import by paste or file with its
 * progress and summary, the CSV export of unsold codes, the codes list where one is revoked, and revoking a code by its
 * text. */
import { useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ProductStock, StockCounts } from "@store/shared/schemas/stock";
import { useOnline } from "../../checkout/use-online.ts";
import { adminApi } from "../../../local/admin-api.ts";
import * as api from "../../../api/admin-endpoints.ts";
import { refreshStorefront, useAdminResource } from "../panel/admin-request.ts";
import { CodeImport } from "./code-import-form.tsx";
import { CodeList } from "./code-list.tsx";
import { CodeRevokeForm } from "./code-revoke-form.tsx";
import { downloadText } from "./download.ts";
import { useAdminErrorText } from "./admin-errors.ts";
import { useOptionName } from "./stock-shared.ts";
import "./stock.css";
import { AdminTable } from "../panel/admin-table.tsx";

function CountsRow({ label, counts, low }: { label: string; counts: StockCounts; low: boolean }) {
  return (
    <tr data-testid="stock-row">
      <th scope="row">
        {label}
        {low ? (
          <span className="stock-low"> {counts.available === 0 ? <Trans>Empty</Trans> : <Trans>Low</Trans>}</span>
        ) : null}
      </th>
      <td className="admin-num" data-testid="stock-available">
        {counts.available}
      </td>
      <td className="admin-num" data-testid="stock-reserved">
        {counts.reserved}
      </td>
      <td className="admin-num" data-testid="stock-sold">
        {counts.sold}
      </td>
    </tr>
  );
}

function StockCountsTable({ stock }: { stock: ProductStock }) {
  const { t } = useLingui();
  const optionName = useOptionName();
  const perOption = stock.variants.length > 1 || stock.variants.some((v) => v.variantId !== null);
  return (
    <AdminTable
      className="stock-counts"
      aria-label={t`Code stock`}
      columns={[
        { title: perOption ? <Trans>Option</Trans> : <Trans>Product</Trans> },
        { title: <Trans>Available</Trans>, numeric: true },
        { title: <Trans>Reserved</Trans>, numeric: true },
        { title: <Trans>Sold</Trans>, numeric: true },
      ]}
      footer={perOption ? <CountsRow label={t`Total`} counts={stock.total} low={false} /> : null}
    >
      {perOption ? (
        // Codes on the product itself only matter for a product with options when some were loaded before.
        stock.variants
          .filter((v) => v.variantId !== null || Object.values(v.counts).some((n) => n > 0))
          .map((v) => <CountsRow key={v.variantId ?? ""} label={optionName(v.name)} counts={v.counts} low={v.low} />)
      ) : (
        <CountsRow label={t`All codes`} counts={stock.total} low={stock.low} />
      )}
    </AdminTable>
  );
}

export function StockPanel({ productId }: { productId: string }) {
  const { t } = useLingui();
  const headingId = useId();
  const errorText = useAdminErrorText();
  const resource = useAdminResource(api.stock.product, { params: productId });
  const [fresh, setFresh] = useState<ProductStock | null>(null);
  const [listVersion, setListVersion] = useState(0);
  const [exporting, setExporting] = useState(false);
  const online = useOnline();
  const [exportError, setExportError] = useState<string | null>(null);
  const stock = fresh ?? resource.data;

  /** After an import or a revoke: its answer's counts, the list read again, the storefront's stock followed. */
  function changed(next: ProductStock) {
    setFresh(next);
    setListVersion((n) => n + 1);
    refreshStorefront();
  }

  /** `csv`: for a spreadsheet (codes that start like a formula get an apostrophe); `txt`: the exact codes. */
  async function exportCodes(format: "csv" | "txt") {
    setExporting(true);
    setExportError(null);
    try {
      const text = await adminApi.call(api.stock.export, { params: { productId, format } });
      downloadText(`codes-${productId}.${format}`, text, format === "csv" ? "text/csv" : "text/plain");
    } catch (err) {
      setExportError(errorText(err, t`The codes could not be exported.`));
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="ac-box stock-panel" aria-labelledby={headingId} data-testid="stock-panel">
      <h3 id={headingId}>
        <Trans>Code stock</Trans>
      </h3>
      {stock ? (
        <StockCountsTable stock={stock} />
      ) : resource.error ? (
        <p className="ac-hint" role="status">
          <Trans>The stock could not be loaded.</Trans>{" "}
          <button type="button" className="btn btn--link btn--sm" onClick={() => void resource.reload()}>
            <Trans>Retry</Trans>
          </button>
        </p>
      ) : (
        <p className="loading" role="status">
          <Trans>Loading…</Trans>
        </p>
      )}

      {stock ? <CodeImport productId={productId} stock={stock} onImported={changed} /> : null}

      <div className="stock-panel__export">
        <div className="stock-panel__export-buttons">
          {(
            [
              ["csv", <Trans key="csv">Export unsold codes (CSV)</Trans>],
              ["txt", <Trans key="txt">Export exact codes (text)</Trans>],
            ] as const
          ).map(([format, label]) => (
            <button
              key={format}
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => void exportCodes(format)}
              disabled={exporting || !online}
              aria-describedby={`${headingId}-export-hint${online ? "" : ` ${headingId}-export-offline`}`}
            >
              {label}
            </button>
          ))}
          {exporting ? (
            <span role="status">
              <Trans>Exporting…</Trans>
            </span>
          ) : null}
        </div>
        <p className="ac-hint" id={`${headingId}-export-hint`} data-testid="export-hint">
          <Trans>
            The CSV is for spreadsheets: a code that starts with =, +, - or @ gets an apostrophe in front, so the
            spreadsheet shows it instead of running it. The text file has the exact codes, one a line.
          </Trans>
        </p>
        {online ? null : (
          // The codes are read from the server, never kept on the device: an export cannot wait in the outbox.
          <p className="ac-hint" id={`${headingId}-export-offline`} data-testid="export-offline">
            <Trans>Exporting codes needs the network. Try again when you are back online.</Trans>
          </p>
        )}
        {exportError ? (
          <p className="ac-field-error" role="alert">
            {exportError}
          </p>
        ) : null}
      </div>

      {stock ? <CodeList productId={productId} stock={stock} version={listVersion} onRevoked={changed} /> : null}
      {stock ? <CodeRevokeForm productId={productId} onRevoked={changed} /> : null}
    </section>
  );
}
