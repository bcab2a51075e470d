/** Two parts of the admin order view: the order's codes (masked; 'Replace' on a sold one when allowed) and its
 * history, the audit log of who did what and when (docs/decisions.md D10). */
import { useId } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { msg, plural } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { AdminOrderCode, AdminOrderDetail, OrderEventAction } from "@store/shared/schemas/orders";
import { CODE_STATUS_TEXT } from "../stock/code-list.tsx";
import { StatusLabel, useFormatDate } from "./order-status.tsx";
import { paymentMethodName } from "../../checkout/payment-methods.ts";
import { RowButton } from "../panel/row-buttons.tsx";
import "../stock/stock.css";

const ACTION_TEXT: Record<OrderEventAction, MessageDescriptor> = {
  created: msg`Order placed`,
  payment_confirmed: msg`Payment confirmed`,
  codes_assigned: msg`Codes assigned`,
  delivered: msg`Codes delivered`,
  awaiting_stock: msg`Waiting for stock`,
  expired: msg`Expired unpaid`,
  cancelled: msg`Cancelled`,
  refunded: msg`Marked refunded`,
  delivery_email_resent: msg`Delivery email sent again`,
  code_replaced: msg`Code replaced`,
  link_resent: msg`Order link sent again (Find my order)`,
  fulfilled: msg`Fulfilled by hand`,
  disputed: msg`Payment disputed`,
  payment_note: msg`Payment provider's report`,
  unmatched_refunded: msg`Payment without an order refunded`,
};

/** Who acted: an operator's username as is; the store itself, the customer and payment providers in the console's
 * words. */
function useActorName(): (actor: string) => string {
  const { t } = useLingui();
  return (actor) => {
    if (actor === "system") return t`The store`;
    if (actor === "shopper") return t`The customer`;
    if (actor.startsWith("provider:")) {
      const name = actor.slice("provider:".length);
      return t`Payment provider (${name})`;
    }
    return actor;
  };
}

/** The server's short English notes (orders.service.ts) in the console's words; an operator's own note is kept as
 * written, after a colon. Other notes are shown as sent. */
function useEventDetail(): (detail: string) => string {
  const { t, i18n } = useLingui();
  return (detail) => {
    const [head = "", ...rest] = detail.split(": ");
    const note = rest.join(": ");
    const withNote = (text: string) => (note ? `${text}: ${note}` : text);
    let m = /^(\d+) code\(s\)$/.exec(head);
    if (m) return withNote(plural(Number(m[1]), { one: "# code", other: "# codes" }));
    m = /^(\d+) missing$/.exec(head);
    if (m) return withNote(plural(Number(m[1]), { one: "# code missing", other: "# codes missing" }));
    m = /^(\d+) code\(s\) revoked$/.exec(head);
    if (m) return withNote(plural(Number(m[1]), { one: "# code revoked", other: "# codes revoked" }));
    m = /^(\d+) code\(s\) sent \((\d+) typed, (\d+) from stock\)$/.exec(head);
    if (m) {
      const sent = plural(Number(m[1]), { one: "# code sent", other: "# codes sent" });
      const typed = m[2] ?? "";
      const fromStock = m[3] ?? "";
      return withNote(t`${sent} (${typed} typed, ${fromStock} from stock)`);
    }
    m = /^Payment method: (\w+)$/.exec(detail);
    if (m) {
      const method = paymentMethodName((d) => i18n._(d), m[1] ?? "");
      return t`Payment method: ${method}`;
    }
    m = /^(\S+) revoked, (\S+) sent$/.exec(head);
    if (m) {
      const before = m[1] ?? "";
      const after = m[2] ?? "";
      return withNote(t`${before} revoked, ${after} sent`);
    }
    return detail;
  };
}

export function OrderCodes({
  order,
  onReplace,
}: {
  order: AdminOrderDetail;
  onReplace: ((code: AdminOrderCode) => void) | undefined;
}) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const missing = order.missingCodes;
  if (order.codes.length === 0 && missing === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="order-codes">
      <h3 id={headingId}>
        <Trans>Codes</Trans>
      </h3>
      {missing > 0 ? (
        <p className="admin-message admin-message--pending" role="status">
          <Plural
            value={missing}
            one="# code is still missing: it is delivered as soon as codes are imported."
            other="# codes are still missing: they are delivered as soon as codes are imported."
          />
        </p>
      ) : null}
      {order.codes.length > 0 ? (
        <ul className="stock-codes__list">
          {order.codes.map((c) => (
            <li key={c.id} className="stock-code" data-testid="order-code">
              <span>{c.title}</span>
              <code dir="ltr">{c.masked}</code>
              <span className="muted">{i18n._(CODE_STATUS_TEXT[c.status])}</span>
              {onReplace && c.status === "sold" ? (
                <RowButton
                  tone="secondary"
                  label={t`Replace code ${c.masked}`}
                  text={<Trans>Replace</Trans>}
                  onClick={() => onReplace(c)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function OrderHistory({ order }: { order: AdminOrderDetail }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const formatDate = useFormatDate();
  const actorName = useActorName();
  const eventDetail = useEventDetail();
  return (
    <section aria-labelledby={headingId} data-testid="order-history">
      <h3 id={headingId}>
        <Trans>History</Trans>
      </h3>
      {order.events.length === 0 ? (
        <p className="muted">
          <Trans>Nothing recorded yet.</Trans>
        </p>
      ) : (
        <ol className="admin-history">
          {order.events.map((e) => (
            <li key={e.id} className="admin-history__event" data-testid="order-event">
              <time dateTime={new Date(e.at).toISOString()}>{formatDate(e.at, true)}</time>
              <span className="admin-history__what">
                <strong>{i18n._(ACTION_TEXT[e.action])}</strong>
                {e.toStatus && e.toStatus !== e.fromStatus ? (
                  <span className="muted">
                    {" "}
                    ({e.fromStatus ? <StatusLabel status={e.fromStatus} /> : null}
                    {e.fromStatus ? (
                      <>
                        {" "}
                        <span className="admin-history__arrow" aria-hidden="true">
                          →
                        </span>{" "}
                      </>
                    ) : null}
                    <StatusLabel status={e.toStatus} />)
                  </span>
                ) : null}
              </span>
              <span className="admin-history__who">
                <bdi>{actorName(e.actor)}</bdi>
              </span>
              {e.detail ? (
                <span className="admin-history__detail muted" dir="auto">
                  {eventDetail(e.detail)}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
