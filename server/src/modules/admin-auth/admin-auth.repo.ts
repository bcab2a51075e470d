/** Every query of admin accounts, sessions and login throttling. */
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
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
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => T): T {
    return this.db.transaction((tx) => fn(tx));
  }

  countAdmins(): number {
    return (
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(admins)
        .get()?.n ?? 0
    );
  }

  /** Inserts unless the username exists already (two processes starting at once). */
  insertAdmin(row: typeof admins.$inferInsert): boolean {
    return this.db.insert(admins).values(row).onConflictDoNothing().run().changes > 0;
  }

  byUsername(username: string): AdminRow | undefined {
    return this.db
      .select()
      .from(admins)
      .where(eq(sql`lower(${admins.username})`, username.toLowerCase()))
      .get();
  }

  byId(id: string): AdminRow | undefined {
    return this.db.select().from(admins).where(eq(admins.id, id)).get();
  }

  usernameTakenByOther(username: string, adminId: string): boolean {
    return (
      this.db
        .select({ id: admins.id })
        .from(admins)
        .where(and(eq(sql`lower(${admins.username})`, username.toLowerCase()), ne(admins.id, adminId)))
        .get() !== undefined
    );
  }

  updateProfile(id: string, p: { name: string; email: string; username: string }, now: number): void {
    this.db
      .update(admins)
      .set({ ...p, updatedAt: now })
      .where(eq(admins.id, id))
      .run();
  }

  /** New hash, and every other session of that admin ends, in one transaction. */
  updatePassword(id: string, passwordHash: string, keepSessionHash: string, now: number): void {
    this.db.transaction((tx) => {
      tx.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, id)).run();
      tx.delete(adminSessions)
        .where(and(eq(adminSessions.adminId, id), ne(adminSessions.idHash, keepSessionHash)))
        .run();
    });
  }

  insertSession(row: typeof adminSessions.$inferInsert): void {
    this.db.insert(adminSessions).values(row).run();
  }

  session(idHash: string): SessionRow | undefined {
    return this.db
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

  extendSession(idHash: string, expiresAt: number): void {
    this.db.update(adminSessions).set({ expiresAt }).where(eq(adminSessions.idHash, idHash)).run();
  }

  deleteSession(idHash: string): void {
    this.db.delete(adminSessions).where(eq(adminSessions.idHash, idHash)).run();
  }

  deleteExpiredSessions(now: number): void {
    this.db.delete(adminSessions).where(lt(adminSessions.expiresAt, now)).run();
  }

  throttle(tx: Db, key: string): ThrottleRow | undefined {
    return tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).get();
  }

  saveThrottle(tx: Db, row: ThrottleRow): void {
    tx.insert(loginThrottle)
      .values(row)
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: { failures: row.failures, windowStart: row.windowStart, lockedUntil: row.lockedUntil },
      })
      .run();
  }

  deleteThrottle(tx: Db, key: string): void {
    tx.delete(loginThrottle).where(eq(loginThrottle.key, key)).run();
  }

  deleteStaleThrottles(before: number): void {
    this.db
      .delete(loginThrottle)
      .where(and(lt(loginThrottle.windowStart, before), sql`coalesce(${loginThrottle.lockedUntil}, 0) < ${before}`))
      .run();
  }
}
