import { describe, expect, it } from "vitest";
import { CurrentUser } from "./current-user";
import { canInWorkspace } from "./use-workspace";

const account = {
  id: "u1",
  username: "ada",
  email: "ada@example.com",
  emailVerified: true,
  pendingEmail: null,
  fullName: "Ada Lovelace",
  cellphoneNumber: null,
  planType: "pro",
  role: "user",
  timezone: "Europe/London",
  companyName: null,
  industry: null,
  businessDescription: null,
  acceptedTermsAt: null,
  termsVersion: null,
  createdAt: "2025-01-01T00:00:00.000Z",
};

describe("the current user and workspace", () => {
  it("keeps the workspace GET /api/user sends, and refuses an answer without one or with an unknown role", () => {
    const workspace = { id: "w1", name: "Acme", role: "admin" };
    expect(CurrentUser.parse({ ...account, workspace }).workspace).toEqual(workspace);
    expect(() => CurrentUser.parse(account)).toThrow();
    expect(() => CurrentUser.parse({ ...account, workspace: { ...workspace, role: "boss" } })).toThrow();
  });

  it("allows what the member's role reaches, and nothing without a workspace", () => {
    const admin = { id: "w1", name: "Acme", role: "admin" as const };
    expect(canInWorkspace(admin, "agent")).toBe(true);
    expect(canInWorkspace(admin, "admin")).toBe(true);
    expect(canInWorkspace(admin, "owner")).toBe(false);
    expect(canInWorkspace({ ...admin, role: "owner" }, "owner")).toBe(true);
    expect(canInWorkspace({ ...admin, role: "agent" }, "admin")).toBe(false);
    expect(canInWorkspace(undefined, "agent")).toBe(false);
  });
});
