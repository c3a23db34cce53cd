import type { SignupRequest } from "../../common/auth";
import type { Call } from "../../common/calls";
import type { User } from "../../common/user";
import type { WorkspaceRole } from "../../common/workspaces";
import type { TestApp, TestClient } from "./app";

/**
 * Small builders for tests, in one place (issue 10, part 9): a signed-in owner of a new
 * workspace, a member of a given role in someone's workspace, a call. Each goes through the
 * public API, so what a test builds is what a person could build.
 */

/** The business sign-up: ten seats, room for a team. */
export const TEAM_SIGNUP: Partial<SignupRequest> = {
  planType: "business",
  businessInfo: { companyName: "Team Test Ltd" },
};

/**
 * A signed-in person who owns a new workspace (every sign-up creates one): a team's on the
 * business plan by default, or whatever `fields` say (`{ planType: "personal" }` for one person).
 */
export async function buildWorkspace(
  t: TestApp,
  fields: Partial<SignupRequest> = TEAM_SIGNUP,
): Promise<TestClient & { user: User }> {
  const client = t.client();
  await client.signup(fields);
  return client as TestClient & { user: User };
}

/**
 * A new person who joins the owner's workspace with `role` through an invitation link, signed
 * in and working in it. An owner is made by inviting an admin and transferring ownership.
 */
export async function buildMember(
  t: TestApp,
  owner: TestClient,
  role: Exclude<WorkspaceRole, "owner"> = "agent",
): Promise<TestClient & { user: User }> {
  const id = Math.random().toString(36).slice(2, 10);
  const email = `member_${id}@example.com`;
  const invited = await owner.post("/api/workspace/invitations", { email, role });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const token = String(invited.json().url).split("/invite/")[1] ?? "";
  const member = t.client();
  await member.signup({ username: `member_${id}`, email, invitationToken: token });
  return member as TestClient & { user: User };
}

/** A simulated call in the client's workspace, ended unless `live`. */
export async function buildCall(
  client: TestClient,
  options: { phoneNumber?: string; callerName?: string; live?: boolean } = {},
): Promise<Call> {
  const started = await client.post("/api/calls/simulate", {
    phoneNumber: options.phoneNumber ?? "+15551230000",
    callerName: options.callerName ?? "Pat Caller",
  });
  if (started.statusCode !== 201) throw new Error(`simulate failed: ${started.statusCode} ${started.body}`);
  if (options.live) return started.json() as Call;
  const ended = await client.patch(`/api/calls/${started.json().id}`, { isActive: false });
  return ended.json() as Call;
}
