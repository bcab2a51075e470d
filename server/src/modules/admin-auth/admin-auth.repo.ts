/** Every query of admin accounts, sessions and login throttling; each method takes the transaction it runs in. */
import { and, count, eq, lt, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import type { adminSessions, admins, loginThrottle } from "../../db/schema/index.ts";

export type AdminRow = typeof admins.$inferSelect;
export type ThrottleRow = typeof loginThrottle.$inferSelect;

export interface SessionRow {
  idHash: string;
  csrfToken: string;
  expiresAt: number;
  admin: { id: string; username: string; name: string; email: string };
}

export class AdminAuthRepo {
  async countAdmins(tx: Tx): Promise<number> {
    return (await tx.db.select({ n: count() }).from(tx.t.admins))[0]?.n ?? 0;
  }

  /** Inserts unless the username exists already (two processes starting at once). */
  async insertAdmin(tx: Tx, row: typeof admins.$inferInsert): Promise<boolean> {
    const { admins } = tx.t;
    return (await tx.db.insert(admins).values(row).onConflictDoNothing().returning({ id: admins.id })).length > 0;
  }

  async byUsername(tx: Tx, username: string): Promise<AdminRow | undefined> {
    const { admins } = tx.t;
    return (
      await tx.db
        .select()
        .from(admins)
        .where(eq(sql`lower(${admins.username})`, username.toLowerCase()))
    )[0];
  }

  async byId(tx: Tx, id: string): Promise<AdminRow | undefined> {
    const { admins } = tx.t;
    return (await tx.db.select().from(admins).where(eq(admins.id, id)))[0];
  }

  async usernameTakenByOther(tx: Tx, username: string, adminId: string): Promise<boolean> {
    const { admins } = tx.t;
    const rows = await tx.db
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(sql`lower(${admins.username})`, username.toLowerCase()), ne(admins.id, adminId)));
    return rows.length > 0;
  }

  async updateProfile(
    tx: Tx,
    id: string,
    p: { name: string; email: string; username: string },
    now: number,
  ): Promise<void> {
    const { admins } = tx.t;
    await tx.db
      .update(admins)
      .set({ ...p, updatedAt: now })
      .where(eq(admins.id, id));
  }

  async updatePassword(tx: Tx, id: string, passwordHash: string, now: number): Promise<void> {
    const { admins } = tx.t;
    await tx.db.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, id));
  }

  /** Ends every session of the admin except `keepSessionHash`. */
  async deleteOtherSessions(tx: Tx, adminId: string, keepSessionHash: string): Promise<void> {
    const { adminSessions } = tx.t;
    await tx.db
      .delete(adminSessions)
      .where(and(eq(adminSessions.adminId, adminId), ne(adminSessions.idHash, keepSessionHash)));
  }

  async insertSession(tx: Tx, row: typeof adminSessions.$inferInsert): Promise<void> {
    await tx.db.insert(tx.t.adminSessions).values(row);
  }

  async session(tx: Tx, idHash: string): Promise<SessionRow | undefined> {
    const { adminSessions, admins } = tx.t;
    const rows = await tx.db
      .select({
        idHash: adminSessions.idHash,
        csrfToken: adminSessions.csrfToken,
        expiresAt: adminSessions.expiresAt,
        admin: { id: admins.id, username: admins.username, name: admins.name, email: admins.email },
      })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(eq(adminSessions.idHash, idHash));
    return rows[0];
  }

  async extendSession(tx: Tx, idHash: string, expiresAt: number): Promise<void> {
    const { adminSessions } = tx.t;
    await tx.db.update(adminSessions).set({ expiresAt }).where(eq(adminSessions.idHash, idHash));
  }

  async deleteSession(tx: Tx, idHash: string): Promise<void> {
    const { adminSessions } = tx.t;
    await tx.db.delete(adminSessions).where(eq(adminSessions.idHash, idHash));
  }

  async deleteExpiredSessions(tx: Tx, now: number): Promise<void> {
    const { adminSessions } = tx.t;
    await tx.db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
  }

  async throttle(tx: Tx, key: string): Promise<ThrottleRow | undefined> {
    const { loginThrottle } = tx.t;
    return (await tx.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)))[0];
  }

  async saveThrottle(tx: Tx, row: ThrottleRow): Promise<void> {
    const { loginThrottle } = tx.t;
    await tx.db
      .insert(loginThrottle)
      .values(row)
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: { failures: row.failures, windowStart: row.windowStart, lockedUntil: row.lockedUntil },
      });
  }

  /** Remembers an address the admin signed in from until `until`: a row of the throttle table with no failures,
   * whose `lockedUntil` is its expiry (so deleteStaleThrottles keeps it until then). */
  async rememberAddress(tx: Tx, key: string, now: number, until: number): Promise<void> {
    await this.saveThrottle(tx, { key, failures: 0, windowStart: now, lockedUntil: until });
  }

  async addressKnown(tx: Tx, key: string, now: number): Promise<boolean> {
    return ((await this.throttle(tx, key))?.lockedUntil ?? 0) > now;
  }

  /** Takes back one failure counted for an attempt that succeeded, in one statement (concurrent failures keep theirs). */
  async uncountFailure(tx: Tx, key: string): Promise<void> {
    const { loginThrottle } = tx.t;
    await tx.db
      .update(loginThrottle)
      .set({ failures: sql`${loginThrottle.failures} - 1` })
      .where(and(eq(loginThrottle.key, key), sql`${loginThrottle.failures} > 0`));
  }

  async deleteThrottle(tx: Tx, key: string): Promise<void> {
    const { loginThrottle } = tx.t;
    await tx.db.delete(loginThrottle).where(eq(loginThrottle.key, key));
  }

  async deleteStaleThrottles(tx: Tx, before: number): Promise<void> {
    const { loginThrottle } = tx.t;
    await tx.db
      .delete(loginThrottle)
      .where(and(lt(loginThrottle.windowStart, before), sql`coalesce(${loginThrottle.lockedUntil}, 0) < ${before}`));
  }
}
