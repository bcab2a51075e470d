/** A product's codes as the operator sees them (masked, never whole), by status, newest first, with 'Revoke' on
 * each available code after a confirmation. */
import { useCallback, useEffect, useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { CODE_STATUSES, type AdminCode, type CodeStatus, type ProductStock } from "@store/shared/schemas/stock";
import { isQueued } from "../../../api/admin-client.ts";
import { adminApi } from "../../../local/admin-api.ts";
import * as api from "../../../api/admin-endpoints.ts";
import { useChangeToasts } from "../panel/change-toasts.ts";
import { ConfirmDialog } from "../../../ui/dialog.tsx";
import { toast } from "../../../ui/toast.tsx";
import { useFormatDate } from "../dashboard/order-status.tsx";
import { useAdminErrorText } from "./admin-errors.ts";
import { useOptionName } from "./stock-shared.ts";
import { RowButton } from "../panel/row-buttons.tsx";

const PAGE = 20;

export const CODE_STATUS_TEXT: Record<CodeStatus, MessageDescriptor> = {
  available: msg`Available`,
  reserved: msg`Reserved`,
  sold: msg`Sold`,
  revoked: msg`Revoked`,
};

interface ListState {
  codes: AdminCode[];
  nextBefore: string | null;
  loading: boolean;
  error: string | null;
}

export function CodeList({
  productId,
  stock,
  version,
  onRevoked,
}: {
  productId: string;
  stock: ProductStock;
  /** Bumped after an import or a revoke: the list is read again. */
  version: number;
  onRevoked: (stock: ProductStock) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const formatDate = useFormatDate();
  const errorText = useAdminErrorText();
  const changeToasts = useChangeToasts();
  const optionName = useOptionName();
  const [status, setStatus] = useState<CodeStatus>("available");
  const [state, setState] = useState<ListState>({ codes: [], nextBefore: null, loading: true, error: null });
  const [toRevoke, setToRevoke] = useState<AdminCode | null>(null);
  const [revoking, setRevoking] = useState(false);
  const names = new Map(stock.variants.map((v) => [v.variantId, optionName(v.name)]));
  const perOption = stock.variants.some((v) => v.variantId !== null);

  const load = useCallback(
    async (before: string | null) => {
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const page = await adminApi.call(api.stock.codes, { params: { productId, status, limit: PAGE, before } });
        setState((s) => ({
          codes: before ? [...s.codes, ...page.codes] : page.codes,
          nextBefore: page.nextBefore,
          loading: false,
          error: null,
        }));
      } catch (err) {
        setState((s) => ({ ...s, loading: false, error: errorText(err, t`The codes could not be loaded.`) }));
      }
    },
    [productId, status, errorText, t],
  );

  useEffect(() => {
    void load(null);
  }, [load, version]);

  async function revoke() {
    if (!toRevoke) return;
    const label = t`Revoke code ${masked}`;
    setRevoking(true);
    try {
      const answer = await adminApi.call(
        api.stock.revoke,
        { params: productId, body: { codeIds: [toRevoke.id] } },
        { queueOffline: { entity: "codes", entityId: productId, label } },
      );
      toast.success(t`Code revoked`);
      onRevoked(answer.stock);
    } catch (err) {
      if (isQueued(err)) {
        changeToasts.queued(label);
        return;
      }
      toast.error(t`The code could not be revoked.`, {
        description: errorText(err, t`Something went wrong. Please try again.`),
      });
    } finally {
      setRevoking(false);
      setToRevoke(null);
    }
  }

  const masked = toRevoke?.masked ?? "";
  // Two codes may end alike: the option tells the operator which one this is.
  const revokeOption = toRevoke ? (names.get(toRevoke.variantId) ?? optionName(null)) : "";

  return (
    <div className="stock-codes">
      <div className="stock-codes__head">
        <h4 id={`${id}-title`}>
          <Trans>Codes</Trans>
        </h4>
        <label htmlFor={`${id}-status`} className="visually-hidden">
          <Trans>Show codes that are</Trans>
        </label>
        <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.currentTarget.value as CodeStatus)}>
          {CODE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {i18n._(CODE_STATUS_TEXT[s])}
            </option>
          ))}
        </select>
      </div>
      {state.error ? (
        <p className="ac-field-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {!state.loading && !state.error && state.codes.length === 0 ? (
        <p className="ac-hint">
          <Trans>No codes here.</Trans>
        </p>
      ) : null}
      {state.codes.length > 0 ? (
        <ul className="stock-codes__list" aria-labelledby={`${id}-title`} data-testid="code-list">
          {state.codes.map((code) => (
            <li key={code.id} className="stock-code" data-testid="code-row">
              <code dir="ltr">{code.masked}</code>
              {perOption ? <span>{names.get(code.variantId) ?? optionName(null)}</span> : null}
              <span className="muted">{i18n._(CODE_STATUS_TEXT[code.status])}</span>
              {code.orderCode ? <bdi className="muted">{code.orderCode}</bdi> : null}
              <time className="muted" dateTime={new Date(code.createdAt).toISOString()}>
                {formatDate(code.createdAt, true)}
              </time>
              {code.status === "available" ? (
                <RowButton
                  tone="danger"
                  label={t`Revoke code ${code.masked}`}
                  text={<Trans>Revoke</Trans>}
                  onClick={() => setToRevoke(code)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {state.nextBefore ? (
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={state.loading}
          onClick={() => void load(state.nextBefore)}
        >
          <Trans>Show more</Trans>
        </button>
      ) : null}
      <ConfirmDialog
        open={toRevoke !== null}
        title={<Trans>Revoke this code?</Trans>}
        message={
          <>
            <Trans>
              The code <bdi>{masked}</bdi> will be taken out of stock and never sold. This cannot be undone.
            </Trans>
            {perOption && toRevoke ? (
              <>
                {" "}
                <span data-testid="revoke-option">
                  <Trans>Option: {revokeOption}</Trans>
                </span>
              </>
            ) : null}
          </>
        }
        confirmLabel={<Trans>Revoke</Trans>}
        busy={revoking}
        onConfirm={() => void revoke()}
        onCancel={() => setToRevoke(null)}
      />
    </div>
  );
}
