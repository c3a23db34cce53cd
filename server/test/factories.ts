import type { SQL } from "drizzle-orm";
import type { Appointment, AppointmentCreate } from "../../common/appointments";
import type { SignupRequest } from "../../common/auth";
import type { Call } from "../../common/calls";
import type { User } from "../../common/user";
import type { VoiceProfile } from "../../common/voice";
import type { WorkspaceRole } from "../../common/workspaces";
import type { Database } from "../db/client";
import type { TestApp, TestClient } from "./app";
import { asDataUrl, speechLikeWav } from "./audio";

/**
 * Small builders for tests, in one place: a signed-in owner of a new
 * workspace, a member of a given role in someone's workspace, a call, an appointment, a voice
 * profile. Each goes through the public API, so what a test builds is what a person could build.
 */

/** A client that has signed up or in: its `user` is set. */
export type SignedInClient = TestClient & { user: User };

/** The business sign-up: ten seats, room for a team. */
export const TEAM_SIGNUP: Partial<SignupRequest> = {
  planType: "business",
  businessInfo: { companyName: "Team Test Ltd" },
};

/**
 * A signed-in person who owns a new workspace (every sign-up creates one). A team's, on the
 * business plan, unless `fields` say `planType: "personal"`: a test that relies on the personal
 * plan (its limits, its one seat, its name) says so. Other fields (a full name, a password, a
 * company) are laid over the sign-up.
 */
export async function buildWorkspace(
  t: TestApp,
  fields: Partial<SignupRequest> = {},
): Promise<SignedInClient> {
  const client = t.client();
  await client.signup(fields.planType === "personal" ? fields : { ...TEAM_SIGNUP, ...fields });
  return client as SignedInClient;
}

/**
 * A new person who joins the owner's workspace with `role` through an invitation link, signed
 * in and working in it. An owner is made by inviting an admin and transferring ownership.
 */
export async function buildMember(
  t: TestApp,
  owner: TestClient,
  role: Exclude<WorkspaceRole, "owner"> = "agent",
): Promise<SignedInClient> {
  const id = Math.random().toString(36).slice(2, 10);
  const email = `member_${id}@example.com`;
  const invited = await owner.post("/api/workspace/invitations", { email, role });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const token = String(invited.json().url).split("/invite/")[1] ?? "";
  const member = t.client();
  await member.signup({ username: `member_${id}`, email, invitationToken: token });
  return member as SignedInClient;
}

/**
 * A simulated call in the client's workspace (Active Calls' "simulate"), ended unless `live`.
 * Without a `callerName` the call has none, as when the caller's name is unknown.
 */
export async function buildCall(
  client: TestClient,
  options: { phoneNumber?: string; callerName?: string; live?: boolean } = {},
): Promise<Call> {
  const started = await client.post("/api/calls/simulate", {
    phoneNumber: options.phoneNumber ?? "+15551230000",
    ...(options.callerName ? { callerName: options.callerName } : {}),
  });
  if (started.statusCode !== 201) throw new Error(`simulate failed: ${started.statusCode} ${started.body}`);
  if (options.live) return started.json() as Call;
  const ended = await client.patch(`/api/calls/${started.json().id}`, { isActive: false });
  if (ended.statusCode !== 200) throw new Error(`ending the call failed: ${ended.statusCode} ${ended.body}`);
  return ended.json() as Call;
}

/** An appointment in the client's workspace: a one-hour consultation in 2031 unless `fields` say otherwise. */
export async function buildAppointment(
  client: TestClient,
  fields: Partial<AppointmentCreate> = {},
): Promise<Appointment> {
  const res = await client.post("/api/appointments", {
    title: "Consultation",
    startTime: "2031-03-04T14:00:00.000Z",
    endTime: "2031-03-04T15:00:00.000Z",
    ...fields,
  });
  if (res.statusCode !== 201)
    throw new Error(`creating the appointment failed: ${res.statusCode} ${res.body}`);
  return res.json() as Appointment;
}

/**
 * The voice-profile form's body: `seconds` of speech-like audio around `hz` (14 s, about 12.6 s
 * of it speech, by default: enough to be taken), with consent given.
 */
export function voiceSample(
  options: { voiceName?: string; seconds?: number; hz?: number; rate?: number } = {},
) {
  return {
    voiceName: options.voiceName ?? "My voice",
    audioData: asDataUrl(speechLikeWav(options.seconds ?? 14, options.hz ?? 120, options.rate)),
    consent: true,
  };
}

/** A voice profile in the client's workspace, from a speech-like sample (see voiceSample). */
export async function buildVoiceProfile(
  client: TestClient,
  options: Parameters<typeof voiceSample>[0] = {},
): Promise<VoiceProfile> {
  const res = await client.post("/api/voice-profiles", voiceSample(options));
  if (res.statusCode !== 201)
    throw new Error(`creating the voice profile failed: ${res.statusCode} ${res.body}`);
  return res.json() as VoiceProfile;
}

/** The rows a raw query answers, for checking what was stored. */
export async function rows<T = Record<string, unknown>>(t: { database: Database }, query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
