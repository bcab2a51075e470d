/** Admin access rules (docs/decisions.md D3, D4): first admin, sign-in
 * with throttling, server-side sessions, profile and password. */
import { createHash, randomBytes } from "node:crypto";
import type { Config } from "../../config.ts";
import {
  AppError,
  ConflictError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from "../../http/errors.ts";
import { newId } from "../../lib/ids.ts";
import {
  MIN_PASSWORD_LENGTH,
  type AdminProfile,
  type PasswordChange,
  type ProfileUpdate,
} from "@store/shared/schemas/admin";
import type { AdminAuthRepo, ThrottleRow } from "./admin-auth.repo.ts";
import { dummyHash, hashPassword, randomPassword, verifyPassword } from "./password.ts";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Sliding expiry: a session used with less than this left is extended back to the full TTL. */
const SESSION_REFRESH_BELOW_MS = 6 * 24 * 60 * 60 * 1000;

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_LOCK_MS = 15 * 60 * 1000;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

export const INVALID_LOGIN = "Invalid username or password";
export const TOO_MANY_ATTEMPTS = "Too many login attempts. Please try again later.";

export interface AdminIdentity {
  id: string;
  username: string;
  name: string;
  email: string;
}

export interface ActiveSession {
  idHash: string;
  csrfToken: string;
  expiresAt: number;
  admin: AdminIdentity;
  /** true when this request extended the expiry (the cookie should be re-sent). */
  refreshed: boolean;
}

export interface NewSession {
  sessionId: string;
  csrfToken: string;
  expiresAt: number;
  admin: AdminIdentity;
}

export function hashSessionId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex");
}

interface ThrottleKey {
  key: string;
  limit: number;
}

export class AdminAuthService {
  constructor(
    private readonly repo: AdminAuthRepo,
    private readonly config: Pick<Config, "adminUsername" | "adminPassword">,
    private readonly now: () => number = Date.now,
  ) {}

  /** docs/decisions.md D4: creates the first admin when there is
   * none. A generated password is printed once, never again. */
  async ensureFirstAdmin(log: (line: string) => void = console.log): Promise<{ created: boolean; username?: string }> {
    if (this.repo.countAdmins() > 0) return { created: false };
    const username = this.config.adminUsername?.trim() || "admin";
    const configured = this.config.adminPassword;
    const password = configured ?? randomPassword();
    const passwordHash = await hashPassword(password);
    const t = this.now();
    if (this.repo.countAdmins() > 0) return { created: false };
    const created = this.repo.insertAdmin({
      id: newId("adm"),
      username,
      name: "",
      email: "",
      passwordHash,
      createdAt: t,
      updatedAt: t,
    });
    if (!created) return { created: false };
    if (configured === undefined) {
      log("=".repeat(60));
      log(`Admin login: ${username} / ${password}`);
      log("This password is shown only once. Change it in Settings > Security.");
      log("=".repeat(60));
    } else {
      log(`Created the admin account "${username}" from ADMIN_USERNAME / ADMIN_PASSWORD.`);
    }
    return { created: true, username };
  }

  /** Signs in; throttled per account and per address, with the same cost for unknown usernames. */
  async login(usernameRaw: string, password: string, address: string): Promise<NewSession> {
    const username = usernameRaw.trim();
    const keys: ThrottleKey[] = [
      { key: `account:${username.toLowerCase()}`, limit: ACCOUNT_FAILURE_LIMIT },
      { key: `address:${address}`, limit: ADDRESS_FAILURE_LIMIT },
    ];
    const retryAfterMs = this.beginAttempt(keys);
    if (retryAfterMs !== undefined)
      throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, Math.max(1, Math.ceil(retryAfterMs / 1000)));

    const admin = this.repo.byUsername(username);
    const ok = await verifyPassword(password, admin?.passwordHash ?? (await dummyHash()));
    if (!admin || !ok) {
      this.attemptFailed(keys);
      throw new AppError(401, INVALID_LOGIN, undefined, undefined, { ok: false });
    }
    this.attemptSucceeded(keys);

    const t = this.now();
    this.repo.deleteExpiredSessions(t);
    this.repo.deleteStaleThrottles(t - THROTTLE_WINDOW_MS - THROTTLE_LOCK_MS);
    const sessionId = randomBytes(32).toString("base64url");
    const csrfToken = randomBytes(32).toString("base64url");
    const expiresAt = t + SESSION_TTL_MS;
    this.repo.insertSession({
      idHash: hashSessionId(sessionId),
      adminId: admin.id,
      csrfToken,
      createdAt: t,
      expiresAt,
    });
    return {
      sessionId,
      csrfToken,
      expiresAt,
      admin: { id: admin.id, username: admin.username, name: admin.name, email: admin.email },
    };
  }

  /** Counts the attempt before the (slow) password check, so parallel guesses cannot slip past the limit.
   * Returns how long to wait when the account or the address is locked. */
  private beginAttempt(keys: ThrottleKey[]): number | undefined {
    const t = this.now();
    return this.repo.transaction((tx) => {
      const rows = keys.map(({ key, limit }) => ({
        key,
        limit,
        row: this.freshRow(this.repo.throttle(tx, key), key, t),
      }));
      let wait: number | undefined;
      for (const { limit, row } of rows) {
        if (row.lockedUntil !== null && row.lockedUntil > t) wait = Math.max(wait ?? 0, row.lockedUntil - t);
        else if (row.failures >= limit) wait = Math.max(wait ?? 0, row.windowStart + THROTTLE_WINDOW_MS - t);
      }
      if (wait !== undefined) return wait;
      for (const { row } of rows) this.repo.saveThrottle(tx, { ...row, failures: row.failures + 1 });
      return undefined;
    });
  }

  private attemptFailed(keys: ThrottleKey[]): void {
    const t = this.now();
    this.repo.transaction((tx) => {
      for (const { key, limit } of keys) {
        const row = this.repo.throttle(tx, key);
        if (row && row.failures >= limit) this.repo.saveThrottle(tx, { ...row, lockedUntil: t + THROTTLE_LOCK_MS });
      }
    });
  }

  private attemptSucceeded(keys: ThrottleKey[]): void {
    this.repo.transaction((tx) => {
      const [account, ...others] = keys;
      if (account) this.repo.deleteThrottle(tx, account.key);
      for (const { key } of others) {
        const row = this.repo.throttle(tx, key);
        if (row) this.repo.saveThrottle(tx, { ...row, failures: Math.max(0, row.failures - 1) });
      }
    });
  }

  /** An expired window starts again from zero. */
  private freshRow(row: ThrottleRow | undefined, key: string, t: number): ThrottleRow {
    if (!row) return { key, failures: 0, windowStart: t, lockedUntil: null };
    const locked = row.lockedUntil !== null && row.lockedUntil > t;
    if (!locked && row.windowStart + THROTTLE_WINDOW_MS <= t)
      return { key, failures: 0, windowStart: t, lockedUntil: null };
    return row;
  }

  /** The session behind a cookie value, extended when it is getting old; undefined when absent or expired. */
  resolveSession(sessionId: string | undefined): ActiveSession | undefined {
    if (!sessionId || sessionId.length > 200) return undefined;
    const idHash = hashSessionId(sessionId);
    const row = this.repo.session(idHash);
    if (!row) return undefined;
    const t = this.now();
    if (row.expiresAt <= t) {
      this.repo.deleteSession(idHash);
      return undefined;
    }
    let expiresAt = row.expiresAt;
    let refreshed = false;
    if (expiresAt - t < SESSION_REFRESH_BELOW_MS) {
      expiresAt = t + SESSION_TTL_MS;
      this.repo.extendSession(idHash, expiresAt);
      refreshed = true;
    }
    return { idHash, csrfToken: row.csrfToken, expiresAt, admin: row.admin, refreshed };
  }

  logout(idHash: string): void {
    this.repo.deleteSession(idHash);
  }

  profile(adminId: string): AdminProfile {
    const a = this.repo.byId(adminId);
    if (!a) throw new UnauthorizedError();
    return { name: a.name, email: a.email, username: a.username };
  }

  updateProfile(adminId: string, input: ProfileUpdate): AdminProfile {
    if (this.repo.usernameTakenByOther(input.username, adminId)) {
      throw new ConflictError("This username is already taken", {
        fields: { username: "This username is already taken" },
      });
    }
    this.repo.updateProfile(adminId, { name: input.name, email: input.email, username: input.username }, this.now());
    return this.profile(adminId);
  }

  /** The spec's order: confirmation first, then length, then the current password. Other sessions end. */
  async changePassword(adminId: string, currentSessionHash: string, input: PasswordChange): Promise<void> {
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword) {
      throw new ValidationError("Passwords do not match", { confirmPassword: "Passwords do not match" });
    }
    if (input.newPassword.length < MIN_PASSWORD_LENGTH) {
      throw new ValidationError("Password must be at least 6 characters", {
        newPassword: "Password must be at least 6 characters",
      });
    }
    const admin = this.repo.byId(adminId);
    if (!admin) throw new UnauthorizedError();
    if (!(await verifyPassword(input.currentPassword, admin.passwordHash))) {
      throw new ValidationError("Current password is incorrect", { currentPassword: "Current password is incorrect" });
    }
    const hash = await hashPassword(input.newPassword);
    this.repo.updatePassword(adminId, hash, currentSessionHash, this.now());
  }
}
