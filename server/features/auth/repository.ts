import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiSettings, rateLimits, sessions, subscriptions, users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, "id" | "role" | "createdAt">;
export type NewAiSettings = Partial<Omit<typeof aiSettings.$inferInsert, "userId">>;

export function authRepository(db: Db) {
  // Runs on every authenticated request: prepared once, planned once per connection.
  const findLiveSessionStatement = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`${sql.placeholder("idleSince")}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare("find_live_session");

  return {
    async findUserByLogin(login: string): Promise<UserRow | undefined> {
      const needle = login.toLowerCase();
      const column = needle.includes("@") ? sql`lower(${users.email})` : sql`lower(${users.username})`;
      const [row] = await db.select().from(users).where(sql`${column} = ${needle}`).limit(1);
      return row;
    },

    /** Which of username and email already belong to an account (case-insensitive). */
    async takenIdentifiers(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
      const rows = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(
          or(
            sql`lower(${users.username}) = ${username.toLowerCase()}`,
            sql`lower(${users.email}) = ${email.toLowerCase()}`,
          ),
        );
      return {
        username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
        email: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
      };
    },

    /**
     * Creates the account with its settings and subscription in one transaction. The first
     * account on an empty database becomes admin; an advisory lock makes "first" unambiguous.
     */
    async createAccount(input: {
      user: NewUser;
      settings: NewAiSettings;
      forceAdmin: boolean;
      subscription: { planType: string; status: string; currentPeriodEnd: Date };
    }): Promise<UserRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(725001)`);
        const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
        const role = input.forceAdmin || !existing ? "admin" : "user";
        const [user] = await tx
          .insert(users)
          .values({ ...input.user, role })
          .returning();
        if (!user) throw new Error("insert returned no user");
        await tx.insert(aiSettings).values({ ...input.settings, userId: user.id });
        await tx.insert(subscriptions).values({ userId: user.id, ...input.subscription });
        return user;
      });
    },

    async promoteToAdmin(userId: string): Promise<void> {
      await db.update(users).set({ role: "admin" }).where(eq(users.id, userId));
    },

    async createSession(input: {
      userId: string;
      tokenHash: string;
      expiresAt: Date;
      userAgent: string | undefined;
      ip: string;
    }): Promise<void> {
      await db.insert(sessions).values({ ...input, userAgent: input.userAgent?.slice(0, 300) });
    },

    /** The live session for a token hash with its user, or undefined when missing, idle too long or expired. */
    async findLiveSession(tokenHash: string, idleSince: Date) {
      const [row] = await findLiveSessionStatement.execute({ tokenHash, idleSince: idleSince.toISOString() });
      return row;
    },

    async touchSession(sessionId: string): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
    },

    async deleteSessionByTokenHash(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteOtherSessions(userId: string, keepTokenHash: string): Promise<void> {
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${keepTokenHash}`));
    },

    async deleteStaleSessions(idleSince: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleSince)));
    },

    /**
     * Counts one attempt against a key in a fixed one-minute window and returns the count so far
     * and the seconds until the window resets. Windows expire by themselves: no lockout persists.
     */
    async hitRateLimit(key: string): Promise<{ count: number; resetInSeconds: number }> {
      const result = (await db.execute(sql`
        insert into ${rateLimits} (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when ${rateLimits.windowStart} <= now() - interval '1 minute' then 1 else ${rateLimits.count} + 1 end,
          window_start = case when ${rateLimits.windowStart} <= now() - interval '1 minute' then now() else ${rateLimits.windowStart} end
        returning count, ceil(extract(epoch from (window_start + interval '1 minute' - now())))::int as reset_in`)) as unknown as {
        rows: { count: number; reset_in: number }[];
      };
      const row = result.rows[0];
      return { count: Number(row?.count ?? 1), resetInSeconds: Math.max(1, Number(row?.reset_in ?? 60)) };
    },

    async clearRateLimit(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    async pruneRateLimits(): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, sql`now() - interval '10 minutes'`));
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
