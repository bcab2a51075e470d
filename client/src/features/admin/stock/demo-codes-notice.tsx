/** The dashboard's warning while the demo seed's codes (DEMO-…) are still for sale: shoppers buying now would receive
 * codes that work nowhere, until the operator replaces them in each product's Stock section. */
import { Plural, Trans } from "@lingui/react/macro";
import * as api from "../../../api/admin-endpoints.ts";
import { useAdminResource } from "../panel/admin-request.ts";
import "./stock.css";

export function DemoCodesNotice() {
  const summary = useAdminResource(api.stock.summary);
  const count = summary.data?.demoCodes ?? 0;
  if (count === 0) return null;
  return (
    <div className="box demo-codes-notice" role="status" data-testid="demo-codes-notice">
      <p>
        <strong>
          <Trans>The codes in stock are demo codes.</Trans>
        </strong>{" "}
        <Plural
          value={count}
          one="# demo code (starting with DEMO-) is still for sale: a shopper who buys it receives a code that works nowhere."
          other="# demo codes (starting with DEMO-) are still for sale: a shopper who buys one receives a code that works nowhere."
        />
      </p>
      <p className="muted">
        <Trans>
          Replace them before you sell: in Products, open each product and, in its Stock section, revoke the demo codes
          and import your own.
        </Trans>
      </p>
    </div>
  );
}
