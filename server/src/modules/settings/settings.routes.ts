import { Hono } from "hono";
import { rateUpdateSchema, togglesUpdateSchema } from "@store/shared/schemas/admin";
import { paymentInstructionsSchema } from "@store/shared/schemas/catalog";
import type { AdminEnv } from "../../http/session.ts";
import { readJson } from "../../http/validate.ts";
import type { SettingsService } from "./settings.service.ts";

/** GET /api/admin/rate is public (docs/product.md: the storefront
 * reads it with no credentials); the rest needs a session. */
export function settingsRoutes(service: SettingsService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/toggles", (c) => c.json(service.toggles()));
  app.put("/api/admin/toggles", async (c) => c.json(service.saveToggles(await readJson(c, togglesUpdateSchema))));

  app.get("/api/admin/rate", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(service.rate());
  });
  app.put("/api/admin/rate", async (c) => c.json(service.saveRate(await readJson(c, rateUpdateSchema))));

  app.get("/api/admin/payment-instructions", (c) => c.json(service.paymentInstructions()));
  app.put("/api/admin/payment-instructions", async (c) =>
    c.json(service.savePaymentInstructions(await readJson(c, paymentInstructionsSchema))),
  );

  return app;
}
