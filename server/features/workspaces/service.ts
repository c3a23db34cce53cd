import { isSupportedCountry } from "libphonenumber-js";
import { planFor } from "../../../common/plans";
import {
  ALREADY_INVITED,
  ALREADY_MEMBER,
  CANNOT_CHANGE_OWN_ROLE,
  CANNOT_REMOVE_OWNER,
  INVITATION_DAYS,
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_OTHER_EMAIL,
  INVITATION_REVOKED,
  INVITATION_USED,
  type InvitationCreate,
  type InvitationPreview,
  MEMBER_ALREADY,
  OWNER_CANNOT_LEAVE,
  seatLimitMessage,
  seatsFor,
  type TeamOut,
  type WorkspaceList,
  type WorkspaceRole,
} from "../../../common/workspaces";
import { hashToken, newSessionToken } from "../../crypto/tokens";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import type { Account } from "../../domain/account";
import {
  Conflict,
  type DomainError,
  Gone,
  Invalid,
  LimitReached,
  NotAllowed,
  NotFound,
  notFound,
} from "../../domain/errors";
import { presentInvitation, presentMember, presentWorkspaceSummary } from "./presenter";
import {
  type InvitationRow,
  type NewWorkspace,
  type WorkspaceRepository,
  workspaceRepository,
} from "./repository";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the teams area needs from the sessions (the auth area), and nothing more. */
export type SessionControl = {
  endSessionsIn(workspaceId: string, userId: string): Promise<number>;
  switchWorkspace(tokenHash: string, workspaceId: string): Promise<void>;
  rememberWorkspace(userId: string, workspaceId: string | null): Promise<void>;
};

export type WorkspaceServiceDeps = {
  db: Db;
  sessions: SessionControl;
  /** Tells every server that a person's access to a workspace changed (the session cache). */
  accessChanged?: (change: { workspaceId: string; userId?: string }) => void;
  now?: () => Date;
};

/** Teams: the workspace, its members and roles, invitations and switching between workspaces. */
export function workspaceService({
  db,
  sessions,
  accessChanged = () => {},
  now = () => new Date(),
}: WorkspaceServiceDeps) {
  const repo = workspaceRepository(db);

  function inTransaction<T>(work: (tx: WorkspaceRepository) => Promise<T>): Promise<T> {
    return db.transaction((tx) => work(workspaceRepository(tx)));
  }

  /** Members plus pending invitations must stay within the plan's seats. */
  async function assertSeatFree(
    tx: WorkspaceRepository,
    workspace: { id: string; planType: string },
    counting: "invite" | "join",
  ) {
    const limit = seatsFor(workspace.planType);
    if (limit === -1) return;
    const members = await tx.memberCount(workspace.id);
    // An invitation being accepted already holds its seat among the pending ones.
    const used =
      counting === "invite" ? members + (await tx.pendingInvitationCount(workspace.id, now())) : members;
    if (used >= limit) throw new LimitReached(seatLimitMessage(planFor(workspace.planType).name, limit));
  }

  /** Why an invitation cannot be used, as the error to answer with, or nothing when it can. */
  function invitationProblem(invitation: InvitationRow): DomainError | undefined {
    if (invitation.status === "accepted") return new Conflict(INVITATION_USED);
    if (invitation.status === "revoked") return new Gone(INVITATION_REVOKED);
    if (invitation.expiresAt.getTime() <= now().getTime()) return new Gone(INVITATION_EXPIRED);
    return undefined;
  }

  /** Joins the person to the invitation's workspace inside `tx` and marks it used. */
  async function redeem(
    tx: WorkspaceRepository,
    input: { token: string; userId: string; email: string },
  ): Promise<string> {
    const found = await tx.invitationByTokenHash(hashToken(input.token));
    if (!found) throw new NotFound(INVITATION_NOT_FOUND);
    const { invitation } = found;
    const problem = invitationProblem(invitation);
    if (problem) throw problem;
    if (invitation.email !== input.email.toLowerCase()) throw new NotAllowed(INVITATION_OTHER_EMAIL);
    if (await tx.roleOf(invitation.workspaceId, input.userId)) throw new Conflict(ALREADY_MEMBER);
    await tx.lockWorkspace(invitation.workspaceId);
    const workspace = await tx.get(invitation.workspaceId);
    if (!workspace) throw new NotFound(INVITATION_NOT_FOUND);
    await assertSeatFree(tx, workspace, "join");
    await tx.addMember(invitation.workspaceId, input.userId, invitation.role as WorkspaceRole);
    await tx.updateInvitation(invitation.workspaceId, invitation.id, {
      status: "accepted",
      acceptedAt: now(),
      acceptedBy: input.userId,
    });
    return invitation.workspaceId;
  }

  async function memberOrNotFound(workspaceId: string, userId: string): Promise<WorkspaceRole> {
    const role = await repo.roleOf(workspaceId, userId);
    if (!role) throw notFound("That member");
    return role;
  }

  return {
    /** Billing keeps the workspace's plan equal to its subscription's, in its own transaction. */
    async setPlanIn(tx: Db, workspaceId: string, planType: string): Promise<void> {
      await workspaceRepository(tx).setPlan(workspaceId, planType);
    },

    /** Billing's plan change is committed: sessions working in the workspace read it afresh. */
    planChanged(workspaceId: string): void {
      accessChanged({ workspaceId });
    },

    /** The settings screen changes the workspace's time zone. */
    async setTimezone(workspaceId: string, timezone: string): Promise<void> {
      await repo.update(workspaceId, { timezone });
      accessChanged({ workspaceId });
    },

    /** A new workspace with its owner, inside the caller's transaction (sign-up). */
    async createWithOwner(tx: Db, fields: NewWorkspace, ownerId: string): Promise<string> {
      return (await workspaceRepository(tx).create(fields, ownerId)).id;
    },

    async list(user: UserRow, currentId: string): Promise<WorkspaceList> {
      const rows = await repo.listFor(user.id);
      return { currentId, workspaces: rows.map(presentWorkspaceSummary) };
    },

    /** Moves this session to another of the person's workspaces; the next sign-in lands there too. */
    async switchTo(user: UserRow, tokenHash: string, workspaceId: string) {
      const rows = await repo.listFor(user.id);
      const target = rows.find((row) => row.workspace.id === workspaceId);
      if (!target) throw notFound("That workspace");
      await sessions.switchWorkspace(tokenHash, workspaceId);
      await sessions.rememberWorkspace(user.id, workspaceId);
      return presentWorkspaceSummary(target);
    },

    /**
     * Renames the workspace and/or sets its default country: the country phone numbers typed
     * without +country code are read in. Only a country whose numbers can be read is taken.
     */
    async update(
      account: Account,
      change: { name?: string | undefined; defaultCountry?: string | undefined },
    ) {
      if (change.defaultCountry !== undefined && !isSupportedCountry(change.defaultCountry)) {
        const message = `${change.defaultCountry} is not a country code phone numbers can be read for. Use a two-letter ISO 3166 code such as US, GB or DE.`;
        throw new Invalid(message, [{ path: "defaultCountry", message }]);
      }
      const fields: { name?: string; defaultCountry?: string } = {};
      if (change.name !== undefined) fields.name = change.name;
      if (change.defaultCountry !== undefined) fields.defaultCountry = change.defaultCountry;
      const row = await repo.update(account.id, fields);
      if (!row) throw notFound("That workspace");
      accessChanged({ workspaceId: account.id });
      return row;
    },

    /** A member's own phone number, or null (none given, or not a member of this workspace). */
    async memberCellphone(account: Account, userId: string): Promise<string | null> {
      return (await repo.memberCellphone(account.id, userId)) ?? null;
    },

    async team(account: Account): Promise<TeamOut> {
      const [members, invitations, pending] = await Promise.all([
        repo.members(account.id),
        repo.invitations(account.id),
        repo.pendingInvitationCount(account.id, now()),
      ]);
      const actorId = account.actor?.id;
      return {
        workspace: {
          id: account.id,
          name: account.name,
          planType: account.planType,
          planName: planFor(account.planType).name,
          defaultCountry: account.defaultCountry,
        },
        members: members.map((member) => presentMember(member, actorId)),
        invitations: invitations.map((row) => presentInvitation(row.invitation, row.invitedBy, now())),
        seats: { used: members.length + pending, limit: seatsFor(account.planType) },
      };
    },

    /** Invites a person by email; the answer carries the link, shown this once (only its hash is kept). */
    async invite(account: Account, input: Required<InvitationCreate>, linkBase: string) {
      const email = input.email.toLowerCase();
      return inTransaction(async (tx) => {
        await tx.lockWorkspace(account.id);
        const members = await tx.members(account.id);
        if (members.some((member) => member.email.toLowerCase() === email))
          throw new Conflict(MEMBER_ALREADY);
        const pending = await tx.pendingInvitationFor(account.id, email);
        if (pending && pending.expiresAt.getTime() > now().getTime()) throw new Conflict(ALREADY_INVITED);
        // An expired invitation to the same email gives its place to the new one.
        if (pending) await tx.updateInvitation(account.id, pending.id, { status: "expired" });
        await assertSeatFree(tx, account, "invite");
        const token = newSessionToken();
        const invitation = await tx.createInvitation({
          workspaceId: account.id,
          email,
          role: input.role,
          tokenHash: hashToken(token),
          invitedBy: account.actor?.id ?? null,
          expiresAt: new Date(now().getTime() + INVITATION_DAYS * DAY_MS),
        });
        return {
          invitation: presentInvitation(invitation, account.actor?.username ?? null, now()),
          url: invitationUrl(linkBase, token),
        };
      });
    },

    /** A new link for a pending invitation (the old one stops working) and seven more days. */
    async renewInvitation(account: Account, invitationId: string, linkBase: string) {
      const invitation = await repo.invitation(account.id, invitationId);
      if (invitation?.status !== "pending") throw notFound("That invitation");
      const token = newSessionToken();
      const renewed = await repo.updateInvitation(account.id, invitationId, {
        tokenHash: hashToken(token),
        expiresAt: new Date(now().getTime() + INVITATION_DAYS * DAY_MS),
      });
      if (!renewed) throw notFound("That invitation");
      return {
        invitation: presentInvitation(renewed, account.actor?.username ?? null, now()),
        url: invitationUrl(linkBase, token),
      };
    },

    async revokeInvitation(account: Account, invitationId: string): Promise<void> {
      const invitation = await repo.invitation(account.id, invitationId);
      if (invitation?.status !== "pending") throw notFound("That invitation");
      await repo.updateInvitation(account.id, invitationId, { status: "revoked" });
    },

    /** What the invitation page shows before anyone signs in. */
    async preview(token: string): Promise<InvitationPreview> {
      const found = await repo.invitationByTokenHash(hashToken(token));
      if (!found) throw new NotFound(INVITATION_NOT_FOUND);
      const presented = presentInvitation(found.invitation, found.invitedBy, now());
      return {
        workspaceName: found.workspaceName,
        invitedBy: presented.invitedBy,
        email: presented.email,
        role: presented.role,
        expiresAt: presented.expiresAt,
        status: presented.status,
        hasAccount: await repo.emailHasAccount(found.invitation.email),
      };
    },

    /** Sign-up's check before it creates anything: the invitation exists, is usable, and is for this email. */
    async checkInvitation(token: string, email: string): Promise<void> {
      const found = await repo.invitationByTokenHash(hashToken(token));
      if (!found) throw new NotFound(INVITATION_NOT_FOUND);
      const problem = invitationProblem(found.invitation);
      if (problem) throw problem;
      if (found.invitation.email !== email.toLowerCase()) throw new NotAllowed(INVITATION_OTHER_EMAIL);
    },

    /** Sign-up through a link: joins inside the sign-up's transaction. */
    redeemOnSignup(tx: Db, input: { token: string; userId: string; email: string }): Promise<string> {
      return redeem(workspaceRepository(tx), input);
    },

    /** A signed-in person accepts: they join, and this session moves to the workspace. */
    async accept(user: UserRow, tokenHash: string, token: string) {
      const workspaceId = await inTransaction((tx) =>
        redeem(tx, { token, userId: user.id, email: user.email }),
      );
      await sessions.switchWorkspace(tokenHash, workspaceId);
      await sessions.rememberWorkspace(user.id, workspaceId);
      const joined = (await repo.listFor(user.id)).find((row) => row.workspace.id === workspaceId);
      if (!joined) throw notFound("That workspace");
      return presentWorkspaceSummary(joined);
    },

    /** The owner gives a member another role; ownership itself moves only by transfer. */
    async changeRole(account: Account, userId: string, role: "agent" | "admin") {
      if (userId === account.actor?.id) throw new Invalid(CANNOT_CHANGE_OWN_ROLE);
      const current = await memberOrNotFound(account.id, userId);
      if (current === "owner") throw new Invalid(CANNOT_CHANGE_OWN_ROLE);
      await repo.setRole(account.id, userId, role);
      accessChanged({ workspaceId: account.id, userId });
      const member = (await repo.members(account.id)).find((row) => row.userId === userId);
      if (!member) throw notFound("That member");
      return presentMember(member, account.actor?.id);
    },

    /** The owner removes a member: their sessions in this workspace end at once. */
    async removeMember(account: Account, userId: string): Promise<void> {
      const role = await memberOrNotFound(account.id, userId);
      if (role === "owner") throw new Invalid(CANNOT_REMOVE_OWNER);
      await repo.removeMember(account.id, userId);
      await sessions.endSessionsIn(account.id, userId);
      accessChanged({ workspaceId: account.id, userId });
    },

    /** A member who is not the owner leaves; this session ends with it. */
    async leave(account: Account, user: UserRow): Promise<void> {
      if (account.role === "owner") throw new Invalid(OWNER_CANNOT_LEAVE);
      await repo.removeMember(account.id, user.id);
      await sessions.endSessionsIn(account.id, user.id);
      accessChanged({ workspaceId: account.id, userId: user.id });
    },

    /**
     * A platform administrator deletes a person, inside the caller's transaction: each
     * workspace they own and are alone in is deleted with everything in it (its rows go by their
     * foreign keys); one with other members passes to the longest-standing admin, else the
     * longest-standing member, so the team keeps its work. Their memberships elsewhere go with
     * the person. Call `workspacesChanged` with the answer once the transaction commits.
     */
    async releaseOwnedIn(
      tx: Db,
      userId: string,
    ): Promise<{ deleted: string[]; handedOver: { workspaceId: string; toUserId: string }[] }> {
      const txRepo = workspaceRepository(tx);
      const deleted: string[] = [];
      const handedOver: { workspaceId: string; toUserId: string }[] = [];
      for (const workspaceId of await txRepo.ownedBy(userId)) {
        await txRepo.lockWorkspace(workspaceId);
        // Owner first, then admins, then agents, each in the order they joined.
        const heir = (await txRepo.members(workspaceId)).find((member) => member.userId !== userId);
        if (heir) {
          await txRepo.transferOwnership(workspaceId, userId, heir.userId);
          handedOver.push({ workspaceId, toUserId: heir.userId });
        } else {
          await txRepo.delete(workspaceId);
          deleted.push(workspaceId);
        }
      }
      return { deleted, handedOver };
    },

    /** The workspace's owner, with their address, for a notice about the workspace's data. */
    ownerContact: (workspaceId: string) => repo.ownerContact(workspaceId),

    /**
     * Deletes one workspace with everything in it, inside the caller's transaction (its rows go
     * by their foreign keys: members' sessions in it, invitations, every tenant row). Answers its
     * owner and whether the owner now belongs to no workspace at all, or null when it was gone
     * already. Call `workspacesChanged` once the transaction commits.
     */
    async deleteWorkspaceIn(
      tx: Db,
      workspaceId: string,
    ): Promise<{
      ownerId: string | null;
      ownerIsPlatformAdmin: boolean;
      ownerLeftWithout: boolean;
      members: number;
    } | null> {
      const txRepo = workspaceRepository(tx);
      await txRepo.lockWorkspace(workspaceId);
      if (!(await txRepo.get(workspaceId))) return null;
      const members = await txRepo.memberCount(workspaceId);
      const owner = await txRepo.ownerContact(workspaceId);
      await txRepo.delete(workspaceId);
      return {
        ownerId: owner?.userId ?? null,
        ownerIsPlatformAdmin: owner?.platformRole === "admin",
        ownerLeftWithout: owner ? !(await txRepo.belongsAnywhere(owner.userId)) : false,
        members,
      };
    },

    /** The workspaces a deletion changed: sessions working in them read them afresh. */
    workspacesChanged(workspaceIds: string[]): void {
      for (const workspaceId of workspaceIds) accessChanged({ workspaceId });
    },

    /** Makes another member the owner; the previous owner stays on as an admin. */
    async transferOwnership(account: Account, toUserId: string) {
      const fromUserId = account.actor?.id;
      if (!fromUserId || toUserId === fromUserId)
        throw new Invalid("Choose another member to become the owner");
      await memberOrNotFound(account.id, toUserId);
      await inTransaction((tx) => tx.transferOwnership(account.id, fromUserId, toUserId));
      accessChanged({ workspaceId: account.id });
    },
  };
}

export type WorkspaceService = ReturnType<typeof workspaceService>;

function invitationUrl(linkBase: string, token: string): string {
  return `${linkBase.replace(/\/+$/, "")}/invite/${token}`;
}
