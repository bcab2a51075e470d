import { Hono } from "hono";
import type { Config } from "../../config.ts";
import { loginRequestSchema, passwordChangeSchema, profileUpdateSchema } from "@store/shared/schemas/admin";
import { checkOrigin } from "../../http/csrf.ts";
import { clientAddress } from "../../http/rate-limit.ts";
import { readJson } from "../../http/validate.ts";
import {
  type AdminEnv,
  clearSessionCookie,
  currentSession,
  readDeviceCookie,
  readSessionCookie,
  secureCookies,
  writeDeviceCookie,
  writeSessionCookie,
} from "../../http/session.ts";
import type { AdminAuthService } from "./admin-auth.service.ts";

export function adminAuthRoutes(
  auth: AdminAuthService,
  config: Pick<Config, "env" | "publicUrl" | "trustProxy">,
): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.post("/api/admin/login", async (c) => {
    // No session yet, so no token: a cross-site form must still not be able to sign someone in.
    checkOrigin(c, config.publicUrl);
    const { username, password } = await readJson(c, loginRequestSchema);
    const secure = secureCookies(config, c);
    const s = await auth.login(username, password, {
      address: clientAddress(c, config.trustProxy),
      device: readDeviceCookie(c, secure),
      sessionId: readSessionCookie(c, secure),
    });
    writeSessionCookie(c, s.sessionId, s.expiresAt, secure);
    if (s.device) writeDeviceCookie(c, s.device.value, s.device.expiresAt, secure);
    c.header("Cache-Control", "no-store");
    return c.json({ ok: true as const, username: s.admin.username, name: s.admin.name, csrfToken: s.csrfToken });
  });

  app.post("/api/admin/logout", async (c) => {
    await auth.logout(currentSession(c).idHash);
    clearSessionCookie(c, secureCookies(config, c));
    return c.json({ ok: true });
  });

  app.get("/api/admin/session", (c) => {
    const s = currentSession(c);
    return c.json({ username: s.admin.username, name: s.admin.name, csrfToken: s.csrfToken });
  });

  app.get("/api/admin/profile", async (c) => c.json(await auth.profile(currentSession(c).admin.id)));

  app.put("/api/admin/profile", async (c) => {
    const input = await readJson(c, profileUpdateSchema);
    return c.json(await auth.updateProfile(currentSession(c).admin.id, input));
  });

  app.put("/api/admin/password", async (c) => {
    const input = await readJson(c, passwordChangeSchema);
    const s = currentSession(c);
    await auth.changePassword(s.admin.id, s.idHash, input);
    return c.json({ ok: true });
  });

  return app;
}
