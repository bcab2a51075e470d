/** Admin > Settings > Alerts: which kinds of operator alert go by email and by Telegram, and the digest window
 * (docs/decisions.md D48). Behind the admin guard app.ts applies to every /api/admin/ path. */
import { Hono } from "hono";
import { alertSettingsSchema } from "@store/shared/schemas/operator-alerts";
import type { AdminEnv } from "../../http/session.ts";
import { readJson } from "../../http/validate.ts";
import type { OperatorAlerts } from "./alerts.service.ts";

export function alertsRoutes(alerts: OperatorAlerts): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.get("/api/admin/alert-settings", async (c) => c.json(await alerts.settings()));
  app.put("/api/admin/alert-settings", async (c) =>
    c.json(await alerts.saveSettings(await readJson(c, alertSettingsSchema))),
  );
  return app;
}
