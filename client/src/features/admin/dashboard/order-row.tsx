/** One order in a console list (the dashboard's recent orders, the Orders section): the customer, the state,
 * the code, the date and the item count; the whole row opens the order. */
import { Plural, Trans } from "@lingui/react/macro";
import { itemCount, type AdminOrder } from "./dashboard-data.ts";
import { OrderStatusText, useFormatDate } from "./order-status.tsx";

function OrderRow({ order, onOpen }: { order: AdminOrder; onOpen: (order: AdminOrder) => void }) {
  const formatDate = useFormatDate();
  const n = itemCount(order);
  return (
    <button type="button" className="admin-order-row" onClick={() => onOpen(order)}>
      <span className="admin-order-row__name">{order.customer.name.trim() || <Trans>Guest</Trans>}</span>
      <OrderStatusText status={order.status} badge />
      <span className="admin-order-row__meta">
        <bdi className="admin-order-row__code">#{order.code}</bdi>
        <time dateTime={new Date(order.createdAt).toISOString()}>{formatDate(order.createdAt)}</time>
        <span>
          <Plural value={n} one="# item" other="# items" />
        </span>
      </span>
    </button>
  );
}

/** A console list of orders, each row opening its order. */
export function OrderList({
  orders,
  onOpen,
  testId,
}: {
  orders: readonly AdminOrder[];
  onOpen: (order: AdminOrder) => void;
  testId: string;
}) {
  return (
    <ul className="admin-orders" data-testid={testId}>
      {orders.map((o) => (
        <li key={o.code}>
          <OrderRow order={o} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
