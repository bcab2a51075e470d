import { Hono } from "hono";
import { rateUpdateSchema, togglesUpdateSchema } from "@store/shared/schemas/admin";
import { manualDeliverySchema, orderLimitsSchema, paymentInstructionsSchema } from "@store/shared/schemas/catalog";
import type { AdminEnv } from "../../http/session.ts";
import { readJson } from "../../http/validate.ts";
import type { SettingsService } from "./settings.service.ts";

/** GET /api/admin/rate is public (docs/product.md: the storefront
 * reads it with no credentials); the rest needs a session. */
export function settingsRoutes(service: SettingsService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/toggles", async (c) => c.json(await service.toggles()));
  app.put("/api/admin/toggles", async (c) => c.json(await service.saveToggles(await readJson(c, togglesUpdateSchema))));

  app.get("/api/admin/rate", async (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(await service.rate());
  });
  app.put("/api/admin/rate", async (c) => c.json(await service.saveRate(await readJson(c, rateUpdateSchema))));

  app.get("/api/admin/payment-instructions", async (c) => c.json(await service.paymentInstructions()));
  app.put("/api/admin/payment-instructions", async (c) =>
    c.json(await service.savePaymentInstructions(await readJson(c, paymentInstructionsSchema))),
  );

  app.get("/api/admin/manual-delivery", async (c) => c.json(await service.manualDelivery()));
  app.put("/api/admin/manual-delivery", async (c) =>
    c.json(await service.saveManualDelivery(await readJson(c, manualDeliverySchema))),
  );

  app.get("/api/admin/order-limits", async (c) => c.json(await service.orderLimits()));
  app.put("/api/admin/order-limits", async (c) =>
    c.json(await service.saveOrderLimits(await readJson(c, orderLimitsSchema))),
  );

  return app;
}
