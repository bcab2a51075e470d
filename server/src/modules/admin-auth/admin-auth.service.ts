/** Admin access rules (docs/decisions.md D3, D4): first admin, sign-in
 * with throttling, server-side sessions, profile and password. */
import { createHash, randomBytes } from "node:crypto";
import type { Config } from "../../config.ts";
import type { DataLayer } from "../../db/data.ts";
import { SESSION_TTL_MS, type ActiveSession, type SessionResolver } from "../../http/session.ts";
import type { RateLimitStore } from "../../http/rate-limit.ts";
import { ERROR_CODES } from "@store/shared/schemas/error-codes";
import {
  AppError,
  ConflictError,
  TooManyRequestsError,
  UnauthorizedError,
  fieldRefusal,
  problem,
} from "../../http/errors.ts";
import { newId } from "../../lib/ids.ts";
import { type AdminProfile, type PasswordChange, type ProfileUpdate } from "@store/shared/schemas/admin";
import type { AdminAuthRepo, ThrottleRow } from "./admin-auth.repo.ts";
import { dummyHash, hashPassword, randomPassword, verifyPassword } from "./password.ts";
import { passwordProblem } from "./password-policy.ts";
import type { Sealer } from "../../lib/sealer.ts";

export {};
/** Sliding expiry: a session used with less than this left is extended back to the full TTL. */
const SESSION_REFRESH_BELOW_MS = 6 * 24 * 60 * 60 * 1000;

/** Sign-in throttling, so a password cannot be guessed at the speed of the network: each key (a client address, a
 * username, an admin's password check) may fail FREE_FAILURES times; then every failure doubles its wait, from 1 s up
 * to 15 minutes. A key's failures are forgotten after THROTTLE_WINDOW_MS without one. */
export const FREE_FAILURES = 5;
/** The account-wide budget (docs/decisions.md D3): past this many failures against one username, from any number of
 * addresses, every client the owner has not used before waits as a key does, and its password is not even checked
 * meanwhile. The owner's devices (a live session, or the device cookie of an earlier sign-in) and the addresses
 * the account signed in from are exempt, so a crowd of guessers cannot lock the owner out. */
export const ACCOUNT_FREE_FAILURES = 10;
/** How long an address the account signed in from stays trusted, and a device cookie lives. */
export const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;
const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
const DEVICE_PURPOSE = "admin-device";
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60 * 1000;
const THROTTLE_WINDOW_MS = 60 * 60 * 1000;
/** An address with this many recent failures is guessing: only such an address waits for a username's delay, so
 * nobody can lock the operator out by failing against their username from elsewhere. */
const FAILING_ADDRESS = 3;

const INVALID_LOGIN = "Invalid username or password";
export const TOO_MANY_ATTEMPTS = "Too many login attempts. Please try again later.";
export const TOO_MANY_PASSWORD_ATTEMPTS = "Too many wrong passwords. Please try again later.";
const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";
const USERNAME_TAKEN = problem("This username is already taken", ERROR_CODES.usernameTaken);

/** How long a key waits after its `failures`-th failure, when `free` failures are allowed without waiting. */
export function delayAfter(failures: number, free = FREE_FAILURES): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(30, failures - free));
}

/** Signs and checks the device cookie (the Sealer's link signatures, keyed by CODES_KEY). */
export type DeviceSigner = Pick<Sealer, "signLink" | "checkLink">;

/** Who is signing in: the client's address (grouped as limits count it), and the cookies its browser sent. */
export interface LoginClient {
  address: string;
  /** The value of the device cookie set at an earlier successful sign-in. */
  device?: string | undefined;
  /** The value of the session cookie, when the browser is signed in already. */
  sessionId?: string | undefined;
}

interface AdminIdentity {
  id: string;
  username: string;
  name: string;
  email: string;
}

export interface NewSession {
  sessionId: string;
  csrfToken: string;
  expiresAt: number;
  admin: AdminIdentity;
  /** The device cookie's new value (this browser is the owner's now), when the service signs devices. */
  device?: { value: string; expiresAt: number };
}

/** The throttle table's row that remembers an address an admin signed in from (it holds no failures). */
function knownAddressKey(adminId: string, address: string): string {
  return `known:${adminId}:${address}`;
}

export function hashSessionId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex");
}

export class AdminAuthService implements SessionResolver {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: AdminAuthRepo,
    private readonly config: Pick<Config, "adminUsername" | "adminPassword">,
    private readonly now: () => number = Date.now,
    private readonly devices?: DeviceSigner,
    /** Where refusals of every limit are recorded (the rate limits' store), so a throttled sign-in is listed on
     * the dashboard with the other limits hit today. */
    private readonly refusals?: Pick<RateLimitStore, "recordRefusals">,
  ) {}

  /** docs/decisions.md D4: creates the first admin when there is
   * none. A generated password is printed once, never again. */
  async ensureFirstAdmin(log: (line: string) => void = console.log): Promise<{ created: boolean; username?: string }> {
    const count = () => this.data.read((tx) => this.repo.countAdmins(tx));
    if ((await count()) > 0) return { created: false };
    const username = this.config.adminUsername?.trim() || "admin";
    const configured = this.config.adminPassword;
    // A configured password follows the rules of any new password; a weak one stops the first start, naming why.
    const refused = configured === undefined ? undefined : passwordProblem(configured);
    if (refused) throw new Error(`ADMIN_PASSWORD is refused: ${refused.message}.`);
    const password = configured ?? randomPassword();
    const passwordHash = await hashPassword(password);
    const t = this.now();
    const created = await this.data.transaction(async (tx) => {
      if ((await this.repo.countAdmins(tx)) > 0) return false;
      return this.repo.insertAdmin(tx, {
        id: newId("adm"),
        username,
        name: "",
        email: "",
        passwordHash,
        createdAt: t,
        updatedAt: t,
      });
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

  /** Signs in; throttled per address and per username (with the same cost for unknown usernames), and account-wide
   * for clients the owner has not used before (ACCOUNT_FREE_FAILURES). */
  async login(usernameRaw: string, password: string, client: LoginClient): Promise<NewSession> {
    const username = usernameRaw.trim();
    const { address } = client;
    const t = this.now();
    const admin = await this.data.read((tx) => this.repo.byUsername(tx, username));
    const trusted = admin !== undefined && (await this.trusts(admin.id, client, t));
    const addressKey = `address:${address}`;
    const accountKey = `account:${username.toLowerCase()}`;
    const retryAfterMs = await this.beginAttempt([addressKey, accountKey], ([byAddress, byAccount]) => {
      const waits = [byAddress?.lockedUntil ?? 0];
      // A username's delay stops an address that has been failing itself at once; any other client the owner has
      // not used waits only past the account's larger budget; the owner's own devices and addresses never.
      if (byAccount && !trusted) {
        const failing = (byAddress?.failures ?? 0) >= FAILING_ADDRESS;
        waits.push(
          byAccount.windowStart + delayAfter(byAccount.failures, failing ? FREE_FAILURES : ACCOUNT_FREE_FAILURES),
        );
      }
      return Math.max(...waits);
    });
    if (retryAfterMs !== undefined) {
      await this.refusals?.recordRefusals([{ limit: "login-address", subject: address }], this.now());
      throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, Math.max(1, Math.ceil(retryAfterMs / 1000)));
    }
    const ok = await verifyPassword(password, admin?.passwordHash ?? (await dummyHash()));
    if (!admin || !ok) {
      throw new AppError(401, problem(INVALID_LOGIN, ERROR_CODES.loginInvalid), undefined, undefined, { ok: false });
    }
    const sessionId = randomBytes(32).toString("base64url");
    const csrfToken = randomBytes(32).toString("base64url");
    const expiresAt = t + SESSION_TTL_MS;
    await this.data.transaction(async (tx) => {
      // The address's failures are forgotten; of the account's, only the one counted for this attempt: a success of
      // the owner must not hand the guessers a fresh budget. The rest fade after an hour without a failure.
      await this.repo.deleteThrottle(tx, addressKey);
      await this.repo.uncountFailure(tx, accountKey);
      await this.repo.rememberAddress(tx, knownAddressKey(admin.id, address), t, t + KNOWN_ADDRESS_MS);
      await this.repo.deleteExpiredSessions(tx, t);
      await this.repo.deleteStaleThrottles(tx, t - THROTTLE_WINDOW_MS - MAX_DELAY_MS);
      await this.repo.insertSession(tx, {
        idHash: hashSessionId(sessionId),
        adminId: admin.id,
        csrfToken,
        createdAt: t,
        expiresAt,
      });
    });
    return {
      sessionId,
      csrfToken,
      expiresAt,
      admin: { id: admin.id, username: admin.username, name: admin.name, email: admin.email },
      ...(this.devices ? { device: { value: this.signDevice(admin.id, t), expiresAt: t + DEVICE_TTL_MS } } : {}),
    };
  }

  /** Whether the client is one the owner of `adminId` used: a live session of that admin, a device cookie signed
   * for that admin and not expired, or an address that admin signed in from. */
  private async trusts(adminId: string, client: LoginClient, t: number): Promise<boolean> {
    if (client.device !== undefined && this.deviceOf(client.device, t) === adminId) return true;
    if (client.sessionId !== undefined && (await this.resolveSession(client.sessionId))?.admin.id === adminId)
      return true;
    return this.data.read((tx) => this.repo.addressKnown(tx, knownAddressKey(adminId, client.address), t));
  }

  /** `<admin id>.<issued at>.<signature>`: the signature binds both, so a cookie cannot be moved to another admin
   * nor kept past DEVICE_TTL_MS. */
  private signDevice(adminId: string, t: number): string {
    const value = `${adminId}.${t}`;
    return `${value}.${this.devices?.signLink(DEVICE_PURPOSE, value) ?? ""}`;
  }

  /** The admin a device cookie was signed for, while it lives; undefined for anything else. */
  private deviceOf(cookie: string, t: number): string | undefined {
    const parts = cookie.split(".");
    if (!this.devices || parts.length !== 3 || cookie.length > 300) return undefined;
    const [adminId = "", issued = "", signature = ""] = parts;
    const issuedAt = Number(issued);
    if (!Number.isSafeInteger(issuedAt) || issuedAt > t || issuedAt + DEVICE_TTL_MS <= t) return undefined;
    return this.devices.checkLink(DEVICE_PURPOSE, `${adminId}.${issued}`, signature) ? adminId : undefined;
  }

  /** Counts the attempt as a failure of every key before the (slow) password check, so parallel guesses cannot
   * slip past the delays; a success then forgets them. `waitUntil` says, from the keys' rows, until when this
   * attempt must wait; a wait still running is answered (in ms) and nothing is counted. */
  private beginAttempt(keys: string[], waitUntil: (rows: ThrottleRow[]) => number): Promise<number | undefined> {
    const t = this.now();
    return this.data.transaction(async (tx) => {
      const rows: ThrottleRow[] = [];
      for (const key of keys) rows.push(this.freshRow(await this.repo.throttle(tx, key), key, t));
      const wait = waitUntil(rows) - t;
      if (wait > 0) return wait;
      for (const row of rows) {
        const failures = row.failures + 1;
        const delay = delayAfter(failures);
        await this.repo.saveThrottle(tx, {
          key: row.key,
          failures,
          windowStart: t,
          lockedUntil: delay ? t + delay : null,
        });
      }
      return undefined;
    });
  }

  private attemptSucceeded(keys: string[]): Promise<void> {
    return this.data.transaction(async (tx) => {
      for (const key of keys) await this.repo.deleteThrottle(tx, key);
    });
  }

  /** Failures older than the window are forgotten (`windowStart` is the last failure's time). */
  private freshRow(row: ThrottleRow | undefined, key: string, t: number): ThrottleRow {
    if (!row || row.windowStart + THROTTLE_WINDOW_MS <= t)
      return { key, failures: 0, windowStart: t, lockedUntil: null };
    return row;
  }

  /** The session behind a cookie value, extended when it is getting old; undefined when absent or expired. */
  async resolveSession(sessionId: string | undefined): Promise<ActiveSession | undefined> {
    if (!sessionId || sessionId.length > 200) return undefined;
    const idHash = hashSessionId(sessionId);
    const row = await this.data.read((tx) => this.repo.session(tx, idHash));
    if (!row) return undefined;
    const t = this.now();
    if (row.expiresAt <= t) {
      await this.data.transaction((tx) => this.repo.deleteSession(tx, idHash));
      return undefined;
    }
    let expiresAt = row.expiresAt;
    let refreshed = false;
    if (expiresAt - t < SESSION_REFRESH_BELOW_MS) {
      expiresAt = t + SESSION_TTL_MS;
      await this.data.transaction((tx) => this.repo.extendSession(tx, idHash, expiresAt));
      refreshed = true;
    }
    return { idHash, csrfToken: row.csrfToken, expiresAt, admin: row.admin, refreshed };
  }

  logout(idHash: string): Promise<void> {
    return this.data.transaction((tx) => this.repo.deleteSession(tx, idHash));
  }

  async profile(adminId: string): Promise<AdminProfile> {
    const a = await this.data.read((tx) => this.repo.byId(tx, adminId));
    if (!a) throw new UnauthorizedError();
    return { name: a.name, email: a.email, username: a.username };
  }

  async updateProfile(adminId: string, input: ProfileUpdate): Promise<AdminProfile> {
    await this.data.transaction(async (tx) => {
      if (await this.repo.usernameTakenByOther(tx, input.username, adminId)) {
        throw new ConflictError(USERNAME_TAKEN, undefined, undefined, { username: USERNAME_TAKEN });
      }
      const profile = { name: input.name, email: input.email, username: input.username };
      await this.repo.updateProfile(tx, adminId, profile, this.now());
    });
    return this.profile(adminId);
  }

  /** The spec's order: confirmation first, then length, then the current password. Other sessions end. */
  async changePassword(adminId: string, currentSessionHash: string, input: PasswordChange): Promise<void> {
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword) {
      throw fieldRefusal("confirmPassword", problem("Passwords do not match", ERROR_CODES.passwordsDoNotMatch));
    }
    const refused = passwordProblem(input.newPassword);
    if (refused) throw fieldRefusal("newPassword", refused);
    const admin = await this.data.read((tx) => this.repo.byId(tx, adminId));
    if (!admin) throw new UnauthorizedError();
    // The current-password check is a password guess too (from a session left open, say): throttled per admin.
    const keys = [`password:${adminId}`];
    const retryAfterMs = await this.beginAttempt(keys, (rows) => Math.max(0, ...rows.map((r) => r.lockedUntil ?? 0)));
    if (retryAfterMs !== undefined)
      throw new TooManyRequestsError(TOO_MANY_PASSWORD_ATTEMPTS, Math.max(1, Math.ceil(retryAfterMs / 1000)));
    if (!(await verifyPassword(input.currentPassword, admin.passwordHash))) {
      const incorrect = problem(CURRENT_PASSWORD_INCORRECT, ERROR_CODES.currentPasswordIncorrect);
      throw fieldRefusal("currentPassword", incorrect);
    }
    await this.attemptSucceeded(keys);
    const hash = await hashPassword(input.newPassword);
    // The new hash, and every other session of that admin ends, in one transaction.
    const t = this.now();
    await this.data.transaction(async (tx) => {
      await this.repo.updatePassword(tx, adminId, hash, t);
      await this.repo.deleteOtherSessions(tx, adminId, currentSessionHash);
    });
  }
}
