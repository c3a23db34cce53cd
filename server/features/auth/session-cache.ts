import type { AccessChange } from "../../events/access";
import type { LiveSession } from "./service";

/** Whether an access change could concern a session; a change with no fields concerns every one. */
export function changeConcerns(session: LiveSession, change: AccessChange): boolean {
  if (change.tokenHash && change.tokenHash !== session.tokenHash) return false;
  if (change.userId && change.userId !== session.user.id) return false;
  if (change.workspaceId && change.workspaceId !== session.account.id) return false;
  return true;
}

/**
 * Live sessions by token hash, kept briefly in memory: an authenticated
 * request then costs no query at all. An entry lives at most `ttlMs` (and never past the
 * session's own end), and is dropped at once by any access change that could concern it:
 * signing out, a password or profile change, a role change, removal, a switch of workspace, a
 * plan or time-zone change (server/events/access.ts carries them to every server). The short
 * life is the safety net for a change that was missed.
 */
export function sessionCache(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 50_000;
  const entries = new Map<string, { session: LiveSession; until: number }>();

  return {
    get(tokenHash: string): LiveSession | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.session;
    },

    set(session: LiveSession, sessionEndsAt: number): void {
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(session.tokenHash, { session, until: Math.min(now() + options.ttlMs, sessionEndsAt) });
    },

    /** Drops every entry the change could concern; a change with no fields drops everything. */
    invalidate(change: AccessChange): void {
      for (const [tokenHash, entry] of entries)
        if (changeConcerns(entry.session, change)) entries.delete(tokenHash);
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof sessionCache>;
