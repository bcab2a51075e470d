/** The console's payments: "Mark refunded" (an order a provider paid is refunded there first, docs/decisions.md
 * D43) and the money a provider took that no order holds, with 'Deliver anyway' and 'Refund' on it. Behind the admin guard app.ts applies to every
 * /api/admin/ path. */
import { Hono } from "hono";
import { ADMIN_ERROR_CODES } from "@store/shared/schemas/errors";
import type { UnmatchedPayments } from "@store/shared/schemas/payments";
import { NotFoundError } from "../../http/errors.ts";
import type { AdminEnv } from "../../http/session.ts";
import { orderActor } from "../orders/orders.admin.routes.ts";
import type { PaymentsService } from "./payments.service.ts";
import type { UnmatchedActions } from "./unmatched-actions.ts";

/** An unmatched payment's id from the path: a positive integer, else 404 (no such payment). */
function unmatchedId(raw: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647)
    throw new NotFoundError("Unmatched payment not found", { code: ADMIN_ERROR_CODES.unmatchedNotFound });
  return id;
}

export function paymentsAdminRoutes(payments: PaymentsService, unmatched: UnmatchedActions): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.post("/api/admin/orders/:code/refund", async (c) =>
    c.json(await payments.refundOrder(c.req.param("code"), await orderActor(c))),
  );
  app.get("/api/admin/payments/unmatched", async (c) => {
    c.header("Cache-Control", "no-store");
    const rows: UnmatchedPayments["payments"] = await payments.unmatched();
    return c.json({ payments: rows } satisfies UnmatchedPayments);
  });
  // 'Deliver anyway' and 'Refund' (docs/decisions.md D47), each once, each in the order's history.
  app.post("/api/admin/payments/unmatched/:id/deliver", async (c) => {
    const id = unmatchedId(c.req.param("id"));
    return c.json(await unmatched.deliver(id, await orderActor(c)));
  });
  app.post("/api/admin/payments/unmatched/:id/refund", async (c) => {
    const id = unmatchedId(c.req.param("id"));
    return c.json(await unmatched.refund(id, await orderActor(c)));
  });
  return app;
}
