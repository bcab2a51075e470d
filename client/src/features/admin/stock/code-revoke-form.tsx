/** Revoke a code by its text (docs/product.md, stock panel): the operator pastes or types a code that must not be
 * sold (leaked, sent back by the supplier) and, after a confirmation, the matching available code of this product
 * leaves stock. The server finds it by its keyed hash; a code that is not available here is refused and said. The
 * panel sits inside the product editor's form: no form of its own, and Enter in the field asks here instead of
 * saving the product. */
import { useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { MAX_CODE_LENGTH, type ProductStock } from "@store/shared/schemas/stock";
import { adminApi } from "../../../local/admin-api.ts";
import * as api from "../../../api/admin-endpoints.ts";
import { ConfirmDialog } from "../../../ui/dialog.tsx";
import { toast } from "../../../ui/toast.tsx";
import { useAdminErrorText } from "./admin-errors.ts";

export function CodeRevokeForm({
  productId,
  onRevoked,
}: {
  productId: string;
  onRevoked: (stock: ProductStock) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const errorText = useAdminErrorText();
  const [code, setCode] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const entered = code.trim();

  function ask() {
    if (entered === "") {
      setError(t`Enter the code to revoke.`);
      return;
    }
    setError(null);
    setConfirming(true);
  }

  async function revoke() {
    setBusy(true);
    try {
      const answer = await adminApi.call(api.stock.revoke, { params: productId, body: { code: entered } });
      toast.success(t`Code revoked`);
      setCode("");
      onRevoked(answer.stock);
    } catch (err) {
      setError(errorText(err, t`The code could not be revoked.`));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <div className="stock-revoke">
      <h4>
        <Trans>Revoke a code</Trans>
      </h4>
      <div className="field">
        <label htmlFor={`${id}-code`}>
          <Trans>Code to revoke</Trans>
        </label>
        <input
          id={`${id}-code`}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            ask();
          }}
          maxLength={MAX_CODE_LENGTH}
          spellCheck={false}
          autoComplete="off"
          dir="ltr"
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
        />
        <p id={`${id}-hint`} className="ac-hint">
          <Trans>Paste an available code of this product that must never be sold.</Trans>
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} className="ac-field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div>
        <button type="button" className="btn btn--danger btn--sm" disabled={busy} onClick={ask}>
          <Trans>Revoke</Trans>
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={<Trans>Revoke this code?</Trans>}
        message={
          <Trans>
            The code <bdi dir="ltr">{entered}</bdi> will be taken out of stock and never sold. This cannot be undone.
          </Trans>
        }
        confirmLabel={<Trans>Revoke</Trans>}
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
