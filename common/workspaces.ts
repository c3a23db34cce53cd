import { z } from "zod";
import { Email } from "./auth";
import { PLANS, type PlanId } from "./plans";
import { safeString } from "./text";

/**
 * Teams. A workspace is what a plan, calls, settings and usage belong to; people
 * belong to workspaces through memberships with a role. Every sign-up creates a workspace whose
 * owner is the new user, so a personal user is the owner of a workspace of one.
 */

/** Least to most: each role may do everything the ones before it may. */
export const WORKSPACE_ROLES = ["agent", "admin", "owner"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const ROLE_LABELS: Record<WorkspaceRole, string> = { agent: "Agent", admin: "Admin", owner: "Owner" };

/** What each role is for, in the words the Team screen shows. */
export const ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  agent: "Works calls, contacts, leads, campaigns and appointments.",
  admin: "Also changes settings, telephony, scripts and AI agents.",
  owner: "Also changes billing and the team: invitations, roles and removals.",
};

export function roleRank(role: WorkspaceRole): number {
  return WORKSPACE_ROLES.indexOf(role);
}

/** Whether a member with `role` may do what needs `least`. */
export function roleAtLeast(role: WorkspaceRole, least: WorkspaceRole): boolean {
  return roleRank(role) >= roleRank(least);
}

/** The 403 message when a member's role is below what a route needs. */
export function roleNeededMessage(least: WorkspaceRole): string {
  if (least === "owner") return "Only the workspace owner can do that.";
  return `Only a workspace ${least} or owner can do that.`;
}

/** Plan seats: how many members (and pending invitations) a workspace on the plan may have; -1 is unlimited. */
export const PLAN_SEATS: Record<PlanId, number> = {
  free: 1,
  basic: 1,
  personal: 1,
  pro: 3,
  premium: 5,
  business: 10,
};

/** Seats of any plan type: the enterprise plans have no limit. */
export function seatsFor(planType: string): number {
  if (planType.startsWith("enterprise")) return -1;
  return planType in PLAN_SEATS ? PLAN_SEATS[planType as PlanId] : 1;
}

/** The plans with room for more than `seats` members, cheapest first, for the 402 message. */
export function plansWithMoreSeats(seats: number): PlanId[] {
  return (Object.keys(PLAN_SEATS) as PlanId[])
    .filter((id) => PLAN_SEATS[id] === -1 || PLAN_SEATS[id] > seats)
    .sort((a, b) => PLANS[a].priceCents - PLANS[b].priceCents);
}

export function seatLimitMessage(planName: string, seats: number): string {
  const more = plansWithMoreSeats(seats)
    .slice(0, 3)
    .map((id) => PLANS[id].name);
  const people = seats === 1 ? "1 person" : `${seats} people`;
  return `The ${planName} plan includes ${people}. Upgrade to ${more.join(", ")} or an Enterprise plan to add more.`;
}

export const WorkspaceName = safeString("The workspace name")
  .trim()
  .min(1, "Please enter a name for the workspace")
  .max(80, "The workspace name must be at most 80 characters");

/** One workspace the signed-in person belongs to. */
export const WorkspaceSummary = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  planType: z.string(),
  memberCount: z.number().int(),
});
export type WorkspaceSummary = z.infer<typeof WorkspaceSummary>;

/** GET /api/workspaces: every workspace of the person, and which one this session works in. */
export const WorkspaceList = z.object({
  currentId: z.string(),
  workspaces: z.array(WorkspaceSummary),
});
export type WorkspaceList = z.infer<typeof WorkspaceList>;

export const COUNTRY_MESSAGE =
  "The default country must be a two-letter country code (ISO 3166) such as US, GB or DE";

/**
 * The country phone numbers written without +country code are read in (contacts, the
 * do-not-call list, imports): two letters; the server also checks it is one it reads numbers for.
 */
export const DefaultCountry = safeString("The default country", COUNTRY_MESSAGE)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, COUNTRY_MESSAGE);

/** PATCH /api/workspace (admin): rename the current workspace, or set its default country. */
export const WorkspaceUpdate = z
  .strictObject({ name: WorkspaceName.optional(), defaultCountry: DefaultCountry.optional() })
  .refine((body) => body.name !== undefined || body.defaultCountry !== undefined, {
    message: "Send a name or a default country to change",
  });
export type WorkspaceUpdate = z.input<typeof WorkspaceUpdate>;

export const Member = z.object({
  userId: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  joinedAt: z.string(),
  /** The signed-in person's own row. */
  isYou: z.boolean(),
});
export type Member = z.infer<typeof Member>;

export const INVITATION_STATUSES = ["pending", "accepted", "revoked", "expired"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Days an invitation link stays good. */
export const INVITATION_DAYS = 7;

/** Roles an invitation may give: ownership only moves by a transfer. */
export const INVITABLE_ROLES = ["agent", "admin"] as const;

export const Invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

/** GET /api/workspace/members: the team, pending invitations and the plan's seats. */
export const TeamOut = z.object({
  workspace: z.object({
    id: z.string(),
    name: z.string(),
    planType: z.string(),
    planName: z.string(),
    defaultCountry: z.string(),
  }),
  members: z.array(Member),
  invitations: z.array(Invitation),
  /** Members plus pending invitations, against the plan's seats (-1: unlimited). */
  seats: z.object({ used: z.number().int(), limit: z.number().int() }),
});
export type TeamOut = z.infer<typeof TeamOut>;

/** POST /api/workspace/invitations (admin; only an owner may invite an admin). */
export const InvitationCreate = z.strictObject({
  email: Email,
  role: z.enum(INVITABLE_ROLES, { error: "Choose the agent or the admin role" }).default("agent"),
});
export type InvitationCreate = z.input<typeof InvitationCreate>;

/**
 * The answer to creating or renewing an invitation: the only time its link is shown. Only the
 * token's hash is stored, so a lost link is renewed (a new link; the old one stops working).
 */
export const InvitationCreated = z.object({ invitation: Invitation, url: z.string() });
export type InvitationCreated = z.infer<typeof InvitationCreated>;

export const INVITATION_NOT_FOUND = "This invitation link is not valid. Ask for a new one.";
export const INVITATION_EXPIRED =
  "This invitation has expired. Ask the person who invited you for a new one.";
export const INVITATION_USED = "This invitation has already been used.";
export const INVITATION_REVOKED =
  "This invitation was withdrawn. Ask the person who invited you for a new one.";
export const INVITATION_OTHER_EMAIL =
  "This invitation is for another email address. Sign in with the account it was sent to, or ask for an invitation to your email.";
export const ALREADY_MEMBER = "You are already a member of this workspace.";
export const ALREADY_INVITED = "That email already has a pending invitation. Renew its link instead.";
export const MEMBER_ALREADY = "That person is already a member of this workspace.";

/** GET /api/invitations/:token (public): what the invitation page shows before joining. */
export const InvitationPreview = z.object({
  workspaceName: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  expiresAt: z.string(),
  status: z.enum(INVITATION_STATUSES),
  /** Whether an account already uses the invited email: the page offers Sign In first, else Sign Up. */
  hasAccount: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** PATCH /api/workspace/members/:userId (owner). */
export const MemberRoleUpdate = z.strictObject({
  role: z.enum(["agent", "admin"], {
    error: "Choose the agent or the admin role; ownership moves by a transfer",
  }),
});
export type MemberRoleUpdate = z.infer<typeof MemberRoleUpdate>;

/** POST /api/workspace/transfer (owner): the new owner; the old owner becomes an admin. */
export const OwnershipTransfer = z.strictObject({ userId: z.uuid({ error: "Choose a member" }) });
export type OwnershipTransfer = z.infer<typeof OwnershipTransfer>;

export const CANNOT_CHANGE_OWN_ROLE = "You cannot change your own role. Transfer ownership instead.";
export const CANNOT_REMOVE_OWNER = "The owner cannot be removed. Transfer ownership first.";
export const OWNER_CANNOT_LEAVE = "The owner cannot leave the workspace. Transfer ownership first.";

/** The header's current workspace, also on GET /api/user. */
export const CurrentWorkspace = z.object({ id: z.string(), name: z.string(), role: z.enum(WORKSPACE_ROLES) });
export type CurrentWorkspace = z.infer<typeof CurrentWorkspace>;

/** The answer to PATCH /api/workspace: the current workspace and its default country. */
export const WorkspaceSettingsOut = CurrentWorkspace.extend({ defaultCountry: z.string() });
export type WorkspaceSettingsOut = z.infer<typeof WorkspaceSettingsOut>;

export const WorkspaceIdParams = z.object({ id: z.uuid("That workspace id is not valid") });
export const MemberIdParams = z.object({ userId: z.uuid("That member id is not valid") });
export const InvitationIdParams = z.object({ id: z.uuid("That invitation id is not valid") });
/** An invitation link's token: 43 URL-safe characters; anything else is not one of ours. */
export const InvitationTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, INVITATION_NOT_FOUND),
});
