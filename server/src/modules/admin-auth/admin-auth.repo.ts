/** Every query of admin accounts, sessions and login throttling; each method takes the transaction it runs in. */
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { adminSessions, admins, loginThrottle } from "../../db/schema/index.ts";

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
    return (
      tx.db
        .select({ n: sql<number>`count(*)` })
        .from(admins)
        .get()?.n ?? 0
    );
  }

  /** Inserts unless the username exists already (two processes starting at once). */
  async insertAdmin(tx: Tx, row: typeof admins.$inferInsert): Promise<boolean> {
    return tx.db.insert(admins).values(row).onConflictDoNothing().run().changes > 0;
  }

  async byUsername(tx: Tx, username: string): Promise<AdminRow | undefined> {
    return tx.db
      .select()
      .from(admins)
      .where(eq(sql`lower(${admins.username})`, username.toLowerCase()))
      .get();
  }

  async byId(tx: Tx, id: string): Promise<AdminRow | undefined> {
    return tx.db.select().from(admins).where(eq(admins.id, id)).get();
  }

  async usernameTakenByOther(tx: Tx, username: string, adminId: string): Promise<boolean> {
    return (
      tx.db
        .select({ id: admins.id })
        .from(admins)
        .where(and(eq(sql`lower(${admins.username})`, username.toLowerCase()), ne(admins.id, adminId)))
        .get() !== undefined
    );
  }

  async updateProfile(
    tx: Tx,
    id: string,
    p: { name: string; email: string; username: string },
    now: number,
  ): Promise<void> {
    tx.db
      .update(admins)
      .set({ ...p, updatedAt: now })
      .where(eq(admins.id, id))
      .run();
  }

  async updatePassword(tx: Tx, id: string, passwordHash: string, now: number): Promise<void> {
    tx.db.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, id)).run();
  }

  /** Ends every session of the admin except `keepSessionHash`. */
  async deleteOtherSessions(tx: Tx, adminId: string, keepSessionHash: string): Promise<void> {
    tx.db
      .delete(adminSessions)
      .where(and(eq(adminSessions.adminId, adminId), ne(adminSessions.idHash, keepSessionHash)))
      .run();
  }

  async insertSession(tx: Tx, row: typeof adminSessions.$inferInsert): Promise<void> {
    tx.db.insert(adminSessions).values(row).run();
  }

  async session(tx: Tx, idHash: string): Promise<SessionRow | undefined> {
    return tx.db
      .select({
        idHash: adminSessions.idHash,
        csrfToken: adminSessions.csrfToken,
        expiresAt: adminSessions.expiresAt,
        admin: { id: admins.id, username: admins.username, name: admins.name, email: admins.email },
      })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(eq(adminSessions.idHash, idHash))
      .get();
  }

  async extendSession(tx: Tx, idHash: string, expiresAt: number): Promise<void> {
    tx.db.update(adminSessions).set({ expiresAt }).where(eq(adminSessions.idHash, idHash)).run();
  }

  async deleteSession(tx: Tx, idHash: string): Promise<void> {
    tx.db.delete(adminSessions).where(eq(adminSessions.idHash, idHash)).run();
  }

  async deleteExpiredSessions(tx: Tx, now: number): Promise<void> {
    tx.db.delete(adminSessions).where(lt(adminSessions.expiresAt, now)).run();
  }

  async throttle(tx: Tx, key: string): Promise<ThrottleRow | undefined> {
    return tx.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).get();
  }

  async saveThrottle(tx: Tx, row: ThrottleRow): Promise<void> {
    tx.db
      .insert(loginThrottle)
      .values(row)
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: { failures: row.failures, windowStart: row.windowStart, lockedUntil: row.lockedUntil },
      })
      .run();
  }

  async deleteThrottle(tx: Tx, key: string): Promise<void> {
    tx.db.delete(loginThrottle).where(eq(loginThrottle.key, key)).run();
  }

  async deleteStaleThrottles(tx: Tx, before: number): Promise<void> {
    tx.db
      .delete(loginThrottle)
      .where(and(lt(loginThrottle.windowStart, before), sql`coalesce(${loginThrottle.lockedUntil}, 0) < ${before}`))
      .run();
  }
}
