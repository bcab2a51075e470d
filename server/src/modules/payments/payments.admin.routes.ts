/** The console's payments: "Mark refunded" (an order a provider paid is refunded there first, docs/decisions.md
 * D43) and the money a provider took that no order holds. Behind the admin guard app.ts applies to every
 * /api/admin/ path. */
import { Hono } from "hono";
import type { UnmatchedPayments } from "@store/shared/schemas/payments";
import type { AdminEnv } from "../../http/session.ts";
import { orderActor } from "../orders/orders.admin.routes.ts";
import type { PaymentsService } from "./payments.service.ts";

export function paymentsAdminRoutes(payments: PaymentsService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.post("/api/admin/orders/:code/refund", async (c) =>
    c.json(await payments.refundOrder(c.req.param("code"), await orderActor(c))),
  );
  app.get("/api/admin/payments/unmatched", async (c) => {
    c.header("Cache-Control", "no-store");
    const unmatched: UnmatchedPayments["payments"] = await payments.unmatched();
    return c.json({ payments: unmatched } satisfies UnmatchedPayments);
  });
  return app;
}
