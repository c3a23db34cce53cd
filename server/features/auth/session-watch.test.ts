import { describe, expect, it } from "vitest";
import type { Account } from "../../domain/account";
import { accessChanges } from "../../events/access";
import { localEventBus } from "../../events/bus";
import type { LiveSession } from "./service";
import { sessionWatcher } from "./session-watch";

function liveSession(role: Account["role"], expiresInMs = 60 * 60_000): LiveSession {
  return {
    user: { id: "person" } as LiveSession["user"],
    account: { id: "workspace", role } as Account,
    tokenHash: "hash",
    sessionId: "session",
    lastSeenAt: Date.now(),
    expiresAt: Date.now() + expiresInMs,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("watching a long-lived response's session", () => {
  it("ends when a change concerning it leaves the role below what the response needs", async () => {
    const access = accessChanges(localEventBus());
    let current: LiveSession | undefined = liveSession("admin");
    const watch = sessionWatcher({ resolve: async () => current, access });
    let ended = 0;
    watch("token", liveSession("admin"), "admin", () => ended++);

    // Another person's change is not read at all; a change to this person that keeps the role is.
    access.changed({ userId: "someone else" });
    access.changed({ userId: "person" });
    await settle();
    expect(ended).toBe(0);

    current = liveSession("agent");
    access.changed({ workspaceId: "workspace", userId: "person" });
    await settle();
    expect(ended).toBe(1);
    // Once only.
    access.changed({});
    await settle();
    expect(ended).toBe(1);
  });

  it("ends when the session is gone or works in another workspace now", async () => {
    const access = accessChanges(localEventBus());
    let current: LiveSession | undefined = { ...liveSession("owner"), account: { id: "other" } as Account };
    const watch = sessionWatcher({ resolve: async () => current, access });
    let ended = 0;
    watch("token", liveSession("owner"), "agent", () => ended++);
    access.changed({ tokenHash: "hash" });
    await settle();
    expect(ended).toBe(1);

    current = undefined;
    let endedToo = 0;
    watch("token", liveSession("owner"), "agent", () => endedToo++);
    access.changed({ tokenHash: "hash" });
    await settle();
    expect(endedToo).toBe(1);
  });

  it("ends at the session's own end time, and stops watching when told", async () => {
    const access = accessChanges(localEventBus());
    const watch = sessionWatcher({ resolve: async () => undefined, access });
    let ended = 0;
    watch("token", liveSession("agent", 30), "agent", () => ended++);
    const stop = watch("token", liveSession("agent", 30), "agent", () => ended++);
    stop();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(ended).toBe(1);
  });

  it("keeps the response going while the database cannot answer", async () => {
    const access = accessChanges(localEventBus());
    const watch = sessionWatcher({
      resolve: async () => {
        throw new Error("connection refused");
      },
      access,
    });
    let ended = 0;
    const stop = watch("token", liveSession("agent"), "agent", () => ended++);
    access.changed({});
    await settle();
    expect(ended).toBe(0);
    stop();
  });
});
