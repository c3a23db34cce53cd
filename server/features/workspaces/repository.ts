import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { WorkspaceRole } from "../../../common/workspaces";
import type { Db } from "../../db/client";
import { invitations, memberships, users, workspaces } from "../../db/schema";

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type NewWorkspace = Omit<typeof workspaces.$inferInsert, "id" | "createdAt">;
export type InvitationRow = typeof invitations.$inferSelect;
export type MemberRow = {
  userId: string;
  username: string;
  fullName: string | null;
  email: string;
  role: WorkspaceRole;
  joinedAt: Date;
};

/** Workspaces, memberships and invitations: every query of the teams area. */
export function workspaceRepository(db: Db) {
  return {
    async create(input: NewWorkspace, ownerId: string): Promise<WorkspaceRow> {
      const [workspace] = await db.insert(workspaces).values(input).returning();
      if (!workspace) throw new Error("insert returned no workspace");
      await db.insert(memberships).values({ workspaceId: workspace.id, userId: ownerId, role: "owner" });
      return workspace;
    },

    async get(workspaceId: string): Promise<WorkspaceRow | undefined> {
      const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
      return row;
    },

    async update(
      workspaceId: string,
      fields: Partial<Omit<NewWorkspace, "planType">>,
    ): Promise<WorkspaceRow | undefined> {
      const [row] = await db.update(workspaces).set(fields).where(eq(workspaces.id, workspaceId)).returning();
      return row;
    },

    /** Billing keeps the workspace's plan equal to its subscription's. */
    async setPlan(workspaceId: string, planType: string): Promise<void> {
      await db.update(workspaces).set({ planType }).where(eq(workspaces.id, workspaceId));
    },

    async delete(workspaceId: string): Promise<void> {
      await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
    },

    /** The person's role in the workspace, or undefined when they are not a member. */
    async roleOf(workspaceId: string, userId: string): Promise<WorkspaceRole | undefined> {
      const [row] = await db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
      return row?.role as WorkspaceRole | undefined;
    },

    /** Every workspace of a person with their role and its head count, oldest membership first. */
    async listFor(userId: string) {
      const headCount = db
        .select({ workspaceId: memberships.workspaceId, n: count().as("n") })
        .from(memberships)
        .groupBy(memberships.workspaceId)
        .as("head_count");
      const rows = await db
        .select({
          workspace: workspaces,
          role: memberships.role,
          joinedAt: memberships.createdAt,
          memberCount: headCount.n,
        })
        .from(memberships)
        .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
        .innerJoin(headCount, eq(headCount.workspaceId, memberships.workspaceId))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(memberships.createdAt), asc(workspaces.id));
      return rows.map((row) => ({
        ...row,
        role: row.role as WorkspaceRole,
        memberCount: Number(row.memberCount),
      }));
    },

    async members(workspaceId: string): Promise<MemberRow[]> {
      const rows = await db
        .select({
          userId: users.id,
          username: users.username,
          fullName: users.fullName,
          email: users.email,
          role: memberships.role,
          joinedAt: memberships.createdAt,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.workspaceId, workspaceId))
        .orderBy(
          // Owner first, then admins, then agents; each group in the order they joined.
          sql`case ${memberships.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
          asc(memberships.createdAt),
        );
      return rows.map((row) => ({ ...row, role: row.role as WorkspaceRole }));
    },

    async memberCount(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(memberships)
        .where(eq(memberships.workspaceId, workspaceId));
      return Number(row?.n ?? 0);
    },

    async addMember(workspaceId: string, userId: string, role: WorkspaceRole): Promise<void> {
      await db.insert(memberships).values({ workspaceId, userId, role }).onConflictDoNothing();
    },

    async setRole(workspaceId: string, userId: string, role: WorkspaceRole): Promise<boolean> {
      const changed = await db
        .update(memberships)
        .set({ role })
        .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
        .returning({ userId: memberships.userId });
      return changed.length > 0;
    },

    /** Takes a member out of the workspace (their sessions in it are ended by the auth area). */
    async removeMember(workspaceId: string, userId: string): Promise<boolean> {
      const removed = await db
        .delete(memberships)
        .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
        .returning({ userId: memberships.userId });
      return removed.length > 0;
    },

    /** Ownership moves in one transaction: the one-owner index never sees two owners. */
    async transferOwnership(workspaceId: string, fromUserId: string, toUserId: string): Promise<void> {
      await db
        .update(memberships)
        .set({ role: "admin" })
        .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, fromUserId)));
      await db
        .update(memberships)
        .set({ role: "owner" })
        .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, toUserId)));
    },

    /** The workspaces the person owns (one, unless ownership was transferred to them). */
    async ownedBy(userId: string): Promise<string[]> {
      const rows = await db
        .select({ workspaceId: memberships.workspaceId })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.role, "owner")));
      return rows.map((row) => row.workspaceId);
    },

    /** Where a sign-in lands: the last workspace switched to, else the one the person owns, else the first joined. */
    async landingWorkspace(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ workspaceId: memberships.workspaceId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.userId, userId))
        .orderBy(
          sql`case when ${memberships.workspaceId} = ${users.lastWorkspaceId} then 0 when ${memberships.role} = 'owner' then 1 else 2 end`,
          asc(memberships.createdAt),
        )
        .limit(1);
      return row?.workspaceId;
    },

    /** The owner's profile: the assistant names and forwards to them. */
    async ownerOf(workspaceId: string) {
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          fullName: users.fullName,
          cellphoneNumber: users.cellphoneNumber,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, "owner")));
      return row;
    },

    /** Who to tell about the workspace's data (its owner's address) and whether they run the platform. */
    async ownerContact(workspaceId: string) {
      const [row] = await db
        .select({
          userId: users.id,
          username: users.username,
          fullName: users.fullName,
          email: users.email,
          platformRole: users.role,
          workspaceName: workspaces.name,
          timezone: workspaces.timezone,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
        .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, "owner")));
      return row;
    },

    /** Whether the person belongs to any workspace (as anything). */
    async belongsAnywhere(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ workspaceId: memberships.workspaceId })
        .from(memberships)
        .where(eq(memberships.userId, userId))
        .limit(1);
      return Boolean(row);
    },

    /** A member's own phone (the autodialer rings a rep there on a Twilio line); undefined: not a member. */
    async memberCellphone(workspaceId: string, userId: string): Promise<string | null | undefined> {
      const [row] = await db
        .select({ cellphoneNumber: users.cellphoneNumber })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
      return row ? row.cellphoneNumber : undefined;
    },

    async userById(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    // Invitations

    /** Pending, unexpired invitations of a workspace: they hold a seat until they expire. */
    async pendingInvitationCount(workspaceId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(invitations)
        .where(
          and(
            eq(invitations.workspaceId, workspaceId),
            eq(invitations.status, "pending"),
            gt(invitations.expiresAt, now),
          ),
        );
      return Number(row?.n ?? 0);
    },

    async invitations(workspaceId: string) {
      return db
        .select({ invitation: invitations, invitedBy: users.username })
        .from(invitations)
        .leftJoin(users, eq(users.id, invitations.invitedBy))
        .where(and(eq(invitations.workspaceId, workspaceId), inArray(invitations.status, ["pending"])))
        .orderBy(asc(invitations.createdAt));
    },

    async invitation(workspaceId: string, id: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)));
      return row;
    },

    async pendingInvitationFor(workspaceId: string, email: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.workspaceId, workspaceId),
            eq(invitations.email, email),
            eq(invitations.status, "pending"),
          ),
        );
      return row;
    },

    async createInvitation(input: typeof invitations.$inferInsert): Promise<InvitationRow> {
      const [row] = await db.insert(invitations).values(input).returning();
      if (!row) throw new Error("insert returned no invitation");
      return row;
    },

    async updateInvitation(
      workspaceId: string,
      id: string,
      fields: Partial<
        Pick<InvitationRow, "tokenHash" | "expiresAt" | "status" | "role" | "acceptedAt" | "acceptedBy">
      >,
    ): Promise<InvitationRow | undefined> {
      const [row] = await db
        .update(invitations)
        .set(fields)
        .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)))
        .returning();
      return row;
    },

    /** An invitation by its link's token hash, with its workspace's name and who sent it. */
    async invitationByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({ invitation: invitations, workspaceName: workspaces.name, invitedBy: users.username })
        .from(invitations)
        .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
        .leftJoin(users, eq(users.id, invitations.invitedBy))
        .where(eq(invitations.tokenHash, tokenHash));
      return row;
    },

    /** Locks the workspace's row for a seat count that must not race another invite or accept. */
    async lockWorkspace(workspaceId: string): Promise<void> {
      await db.execute(sql`select 1 from ${workspaces} where ${workspaces.id} = ${workspaceId} for update`);
    },

    async emailHasAccount(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return Boolean(row);
    },
  };
}

export type WorkspaceRepository = ReturnType<typeof workspaceRepository>;
