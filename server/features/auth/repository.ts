import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { advisoryLock } from "../../db/locks";
import {
  emailLinks,
  memberships,
  rateLimits,
  sessions,
  type UserRow,
  users,
  workspaces,
} from "../../db/schema";

export type { UserRow } from "../../db/schema";
export type NewUser = Omit<
  typeof users.$inferInsert,
  "id" | "role" | "createdAt" | "lastWorkspaceId" | "emailVerifiedAt" | "pendingEmail"
>;
export type EmailLinkPurpose = "confirm" | "reset";
export type EmailLinkRow = typeof emailLinks.$inferSelect;

/** Links one person may be sent for one purpose in an hour: enough for typos, too few to flood an inbox. */
const LINKS_PER_HOUR = 5;

const ownerMembership = alias(memberships, "owner_membership");
const ownerUser = alias(users, "owner_user");

export function authRepository(db: Db) {
  /**
   * Runs on every authenticated request, so it is ONE prepared statement:
   * the session, its person, their membership and role in the session's workspace, the
   * workspace, and the owner's name and cellphone the assistant needs. A session whose person
   * left the workspace finds no membership and is not live.
   */
  const findLiveSessionStatement = db
    .select({
      session: sessions,
      user: users,
      role: memberships.role,
      workspace: workspaces,
      owner: {
        username: ownerUser.username,
        fullName: ownerUser.fullName,
        cellphoneNumber: ownerUser.cellphoneNumber,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(
      memberships,
      and(eq(memberships.workspaceId, sessions.workspaceId), eq(memberships.userId, sessions.userId)),
    )
    .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
    .innerJoin(
      ownerMembership,
      and(eq(ownerMembership.workspaceId, workspaces.id), eq(ownerMembership.role, "owner")),
    )
    .innerJoin(ownerUser, eq(ownerUser.id, ownerMembership.userId))
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
     * Creates the person, then gives them a workspace (`settle`: their own, or the one an
     * invitation opens), in one transaction. The first account on an empty database becomes
     * admin; an advisory lock makes "first" unambiguous. Answers the person and the workspace
     * the first session works in.
     */
    async createAccount(input: {
      user: NewUser;
      forceAdmin: boolean;
      settle: (tx: Db, userId: string) => Promise<string>;
    }): Promise<{ user: UserRow; workspaceId: string }> {
      return db.transaction(async (tx) => {
        await advisoryLock(tx, "firstAccount");
        const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
        const role = input.forceAdmin || !existing ? "admin" : "user";
        const [user] = await tx
          .insert(users)
          .values({ ...input.user, role })
          .returning();
        if (!user) throw new Error("insert returned no user");
        return { user, workspaceId: await input.settle(tx, user.id) };
      });
    },

    async updateProfile(
      userId: string,
      fields: Partial<
        Pick<UserRow, "fullName" | "email" | "cellphoneNumber" | "emailVerifiedAt" | "pendingEmail">
      >,
    ): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(fields).where(eq(users.id, userId)).returning();
      return row;
    },

    async emailBelongsToSomeoneElse(userId: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.id} <> ${userId}`))
        .limit(1);
      return Boolean(row);
    },

    async acceptTerms(userId: string, termsVersion: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ acceptedTermsAt: sql`now()`, termsVersion })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /** Where the person's next sign-in lands (null: the workspace they own). */
    async rememberWorkspace(userId: string, workspaceId: string | null): Promise<void> {
      await db.update(users).set({ lastWorkspaceId: workspaceId }).where(eq(users.id, userId));
    },

    async findUserById(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    async promoteToAdmin(userId: string): Promise<void> {
      await db.update(users).set({ role: "admin" }).where(eq(users.id, userId));
    },

    // --- links that prove an address ---------------------------------------------------------

    /**
     * Stores a link's hash, unless the person was sent LINKS_PER_HOUR links for this purpose in
     * the last hour, or one for the same address in the last minute (a double click, a script):
     * then nothing is stored and false is answered, and no email should go out.
     */
    async createEmailLink(input: {
      userId: string;
      purpose: EmailLinkPurpose;
      email: string;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<boolean> {
      const result = (await db.execute(sql`
        insert into ${emailLinks} (user_id, purpose, email, token_hash, expires_at)
        select ${input.userId}, ${input.purpose}, ${input.email}, ${input.tokenHash}, ${input.expiresAt.toISOString()}::timestamptz
        where (
            select count(*) from ${emailLinks}
            where user_id = ${input.userId} and purpose = ${input.purpose}
              and created_at > now() - interval '1 hour'
          ) < ${LINKS_PER_HOUR}
          and not exists (
            select 1 from ${emailLinks}
            where user_id = ${input.userId} and purpose = ${input.purpose}
              and lower(email) = lower(${input.email}) and created_at > now() - interval '1 minute'
          )
        returning id`)) as unknown as { rows: unknown[] };
      return result.rows.length > 0;
    },

    /** Spends a link: answers it (once, to one caller) while unexpired; undefined otherwise. */
    async takeEmailLink(tokenHash: string, purpose: EmailLinkPurpose): Promise<EmailLinkRow | undefined> {
      const [row] = await db
        .delete(emailLinks)
        .where(and(eq(emailLinks.tokenHash, tokenHash), eq(emailLinks.purpose, purpose)))
        .returning();
      return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
    },

    /**
     * The address a confirmation link was sent to is proven: it becomes the person's verified
     * email (their current one, or the change they asked for). Answers the updated row and the
     * address it replaced, or undefined when the link's address is neither any more.
     */
    async confirmAddress(
      userId: string,
      email: string,
    ): Promise<{ row: UserRow; previousEmail: string } | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
        if (!current) return undefined;
        const isCurrent = current.email.toLowerCase() === email.toLowerCase();
        const isPending = current.pendingEmail?.toLowerCase() === email.toLowerCase();
        if (!isCurrent && !isPending) return undefined;
        const [row] = await tx
          .update(users)
          .set({
            email: isCurrent ? current.email : email,
            emailVerifiedAt: sql`now()`,
            pendingEmail: isPending ? null : current.pendingEmail,
          })
          .where(eq(users.id, userId))
          .returning();
        if (!row) return undefined;
        // The person's other confirmation links for this address are spent with this one.
        await tx
          .delete(emailLinks)
          .where(
            and(
              eq(emailLinks.userId, userId),
              eq(emailLinks.purpose, "confirm"),
              sql`lower(${emailLinks.email}) = ${email.toLowerCase()}`,
            ),
          );
        return { row, previousEmail: current.email };
      });
    },

    /** Sets (or with null, drops) the address waiting for its confirmation link. */
    async setPendingEmail(userId: string, email: string | null): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ pendingEmail: email })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /**
     * A new password through a reset link sent to `email`: stored only while that is still the
     * person's email, which the link proves (it becomes verified). Every session of the person
     * ends and every other reset link dies, together. Answers the updated row, or undefined.
     */
    async resetPassword(
      userId: string,
      email: string,
      passwordHash: string,
    ): Promise<{ row: UserRow; sessionsEnded: number } | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ passwordHash, emailVerifiedAt: sql`now()` })
          .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
          .returning();
        if (!row) return undefined;
        const ended = await tx
          .delete(sessions)
          .where(eq(sessions.userId, userId))
          .returning({ id: sessions.id });
        await tx
          .delete(emailLinks)
          .where(and(eq(emailLinks.userId, userId), eq(emailLinks.purpose, "reset")));
        return { row, sessionsEnded: ended.length };
      });
    },

    async deleteExpiredEmailLinks(): Promise<void> {
      await db.delete(emailLinks).where(lt(emailLinks.expiresAt, sql`now()`));
    },

    async createSession(input: {
      userId: string;
      workspaceId: string;
      tokenHash: string;
      expiresAt: Date;
      userAgent: string | undefined;
      ip: string;
    }): Promise<void> {
      await db.insert(sessions).values({ ...input, userAgent: input.userAgent?.slice(0, 300) });
    },

    /**
     * The live session for a token hash with its person, role, workspace and the workspace
     * owner's profile; undefined when missing, idle too long, expired, or no longer a member.
     */
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

    /** Ends every session of the user but the one with this token hash; answers how many ended. */
    async deleteOtherSessions(userId: string, keepTokenHash: string): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${keepTokenHash}`))
        .returning({ id: sessions.id });
      return ended.length;
    },

    /**
     * Stores a new password hash and ends every other session of the user, together: a session
     * opened with the old password never outlives it. Answers how many sessions ended.
     */
    async replacePassword(userId: string, passwordHash: string, keepTokenHash: string): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        const ended = await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${keepTokenHash}`))
          .returning({ id: sessions.id });
        return ended.length;
      });
    },

    async deleteSessionsIn(workspaceId: string, userId: string): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.workspaceId, workspaceId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      return ended.length;
    },

    async switchSession(tokenHash: string, workspaceId: string): Promise<void> {
      await db.update(sessions).set({ workspaceId }).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteStaleSessions(idleSince: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleSince)));
    },

    /**
     * Takes one attempt from a key's budget in a fixed one-minute window, unless `limit` attempts
     * were already taken in it. Answers the attempts taken so far, this one included, or null when
     * the attempt was refused. The check and the count are one
     * statement, so parallel attempts can never overshoot the budget. Windows end by themselves:
     * no lockout outlives its minute.
     */
    async reserveAttempt(key: string, limit: number): Promise<number | null> {
      const expired = sql`${rateLimits.windowStart} <= now() - interval '1 minute'`;
      const result = (await db.execute(sql`
        insert into ${rateLimits} (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when ${expired} then 1 else ${rateLimits.count} + 1 end,
          window_start = case when ${expired} then now() else ${rateLimits.windowStart} end
        where ${expired} or ${rateLimits.count} < ${limit}
        returning count`)) as unknown as { rows: { count: number }[] };
      const row = result.rows[0];
      return row ? Number(row.count) : null;
    },

    /** Gives back an attempt taken by reserveAttempt (the password was right, or it was never checked). */
    async releaseAttempt(key: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },

    /** Seconds until a key's current window ends, at least 1. */
    async secondsUntilReset(key: string): Promise<number> {
      const [row] = await db
        .select({
          seconds: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + interval '1 minute' - now())))::int`,
        })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      return Math.max(1, Number(row?.seconds ?? 60));
    },

    async pruneRateLimits(): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, sql`now() - interval '10 minutes'`));
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;

/**
 * An administrator's deletion of a person, inside the caller's transaction. Apart from
 * authRepository, which prepares the session lookup when built: a transaction needs only these.
 */
export function accountDeletionQueries(db: Db) {
  return {
    /** Ends every session of the person (inside a deletion's transaction); answers how many. */
    async deleteSessionsOf(userId: string): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return ended.length;
    },

    /** Deletes the person; memberships, suspensions and links go by their foreign keys. */
    async deleteUser(userId: string): Promise<boolean> {
      const gone = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
      return gone.length > 0;
    },
  };
}
