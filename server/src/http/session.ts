/** The admin session guard (docs/decisions.md D3): every /api/admin/* route and every catalog mutation needs a session,
 * and state-changing calls need the session's CSRF token. Installed once in app.ts, ahead of every route, so a route
 * added later is protected by its path alone. */
import type { Context, Hono, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Config } from "../config.ts";
import { checkCsrf, isStateChanging } from "./csrf.ts";
import { UnauthorizedError } from "./errors.ts";
import { isHttps } from "./security-headers.ts";

/** How long a session lives without use (the cookie's longest Max-Age). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface ActiveSession {
  idHash: string;
  csrfToken: string;
  expiresAt: number;
  admin: { id: string; username: string; name: string; email: string };
  /** true when this request extended the expiry (the cookie should be re-sent). */
  refreshed: boolean;
}

/** Finds the session behind a cookie value (the admin-auth module implements it). */
export interface SessionResolver {
  resolveSession(sessionId: string | undefined): Promise<ActiveSession | undefined>;
}

export type AdminEnv = { Variables: { adminSession: ActiveSession } };

/** Routes under the protected prefixes that are public on purpose (docs/product.md: login, and the rate read). */
export const PUBLIC_ADMIN_ROUTES: readonly string[] = [
  "POST /api/admin/login",
  "GET /api/admin/rate",
  "HEAD /api/admin/rate",
];

const COOKIE_NAME = "admin_session";

export type CookieConfig = Pick<Config, "env" | "publicUrl" | "trustProxy">;

/** Whether this request's session cookie is Secure (with the __Host- prefix): in production, when PUBLIC_URL is
 * https, and whenever the request itself arrived over https (directly, or through a trusted proxy's
 * X-Forwarded-Proto), so an https store configured without PUBLIC_URL still never sends its session in clear. */
export function secureCookies(config: CookieConfig, c: Context): boolean {
  return config.env === "production" || isHttps(c, config);
}

/** Secure cookies get the __Host- prefix (Secure, Path=/, no Domain: cannot be set by a sibling domain). */
export function readSessionCookie(c: Context, secure: boolean): string | undefined {
  return secure ? getCookie(c, COOKIE_NAME, "host") : getCookie(c, COOKIE_NAME);
}

export function writeSessionCookie(c: Context, sessionId: string, expiresAt: number, secure: boolean): void {
  const maxAge = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
  const base = { httpOnly: true, sameSite: "Lax", path: "/", maxAge: Math.min(maxAge, SESSION_TTL_MS / 1000) } as const;
  if (secure) setCookie(c, COOKIE_NAME, sessionId, { ...base, secure: true, prefix: "host" });
  else setCookie(c, COOKIE_NAME, sessionId, base);
}

export function clearSessionCookie(c: Context, secure: boolean): void {
  if (secure)
    deleteCookie(c, COOKIE_NAME, { path: "/", secure: true, httpOnly: true, sameSite: "Lax", prefix: "host" });
  else deleteCookie(c, COOKIE_NAME, { path: "/", httpOnly: true, sameSite: "Lax" });
}

const DEVICE_COOKIE = "admin_device";
const DEVICE_PATH = "/api/admin/login";

/** The device cookie (docs/decisions.md D3): set at a successful sign-in, sent back only to the sign-in route, where
 * it exempts the owner's browser from the account-wide wait. Secure ones get the __Secure- prefix (the __Host- one
 * would need Path=/). */
export function readDeviceCookie(c: Context, secure: boolean): string | undefined {
  return secure ? getCookie(c, DEVICE_COOKIE, "secure") : getCookie(c, DEVICE_COOKIE);
}

export function writeDeviceCookie(c: Context, value: string, expiresAt: number, secure: boolean): void {
  const maxAge = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
  const base = { httpOnly: true, sameSite: "Strict", path: DEVICE_PATH, maxAge } as const;
  if (secure) setCookie(c, DEVICE_COOKIE, value, { ...base, secure: true, prefix: "secure" });
  else setCookie(c, DEVICE_COOKIE, value, base);
}

/** The session set by the guard; a handler reached without one answers 401 rather than crash. */
export function currentSession(c: Context<AdminEnv>): ActiveSession {
  const s = c.get("adminSession") as ActiveSession | undefined;
  if (!s) throw new UnauthorizedError();
  return s;
}

function guard(
  auth: SessionResolver,
  config: CookieConfig,
  opts: { onlyChanges: boolean },
): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const secure = secureCookies(config, c);
    const method = c.req.method.toUpperCase();
    if (PUBLIC_ADMIN_ROUTES.includes(`${method} ${c.req.path}`)) return next();
    if (opts.onlyChanges && !isStateChanging(method)) return next();
    const session = await auth.resolveSession(readSessionCookie(c, secure));
    if (!session) throw new UnauthorizedError();
    if (isStateChanging(method)) checkCsrf(c, session.csrfToken, config.publicUrl);
    c.set("adminSession", session);
    const sessionId = readSessionCookie(c, secure);
    if (session.refreshed && sessionId) writeSessionCookie(c, sessionId, session.expiresAt, secure);
    c.header("Cache-Control", "no-store");
    await next();
  };
}

/** Call before mounting any route. */
export function installAdminGuard(app: Hono, auth: SessionResolver, config: CookieConfig): void {
  const all = guard(auth, config, { onlyChanges: false });
  const changes = guard(auth, config, { onlyChanges: true });
  app.use("/api/admin", all);
  app.use("/api/admin/*", all);
  app.use("/api/upload-image", all);
  app.use("/api/categories", changes);
  app.use("/api/categories/*", changes);
}
