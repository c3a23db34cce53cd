import { roleAtLeast, type WorkspaceRole } from "../../../common/workspaces";
import type { AccessChanges } from "../../events/access";
import type { LiveSession } from "./service";
import { changeConcerns } from "./session-cache";

/** Changes no server announced (a session left idle too long) are caught by a check this often. */
const RECHECK_MS = 60_000;
/** setTimeout's longest wait; a session may live 30 days, past it. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Watches the session of a long-lived response (the live event stream, a large export) and calls
 * `ended` once when the response may no longer go on: the session was signed out, expired or
 * deleted (a password change, a suspension, a deletion), its person left the workspace, or their
 * role fell below `least`. Every such change is announced on the access bus, on every server
 * sharing the database, and each announcement that could concern the session has it read again
 * at once; its end time and a periodic check cover the rest. Answers a function that stops
 * watching (call it when the response ends by itself).
 */
export function sessionWatcher(deps: {
  resolve(token: string): Promise<LiveSession | undefined>;
  access: AccessChanges;
}) {
  return function watchSession(
    token: string,
    session: LiveSession,
    least: WorkspaceRole,
    ended: () => void,
  ): () => void {
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      clearTimeout(expiry);
      clearInterval(periodic);
    };
    const end = () => {
      if (stopped) return;
      stop();
      ended();
    };
    const recheck = async () => {
      if (stopped) return;
      try {
        const live = await deps.resolve(token);
        if (!live || live.account.id !== session.account.id || !roleAtLeast(live.account.role, least)) end();
      } catch {
        // The database could not say (a restart): the stream goes on, and the next check decides.
      }
    };
    // Registered after the session cache's own listener, so the session is read afresh.
    const unsubscribe = deps.access.onChange((change) => {
      if (changeConcerns(session, change)) void recheck();
    });
    const untilExpiry = session.expiresAt - Date.now();
    const expiry = setTimeout(end, Math.max(0, Math.min(untilExpiry, LONGEST_TIMER_MS)));
    if (untilExpiry > LONGEST_TIMER_MS) clearTimeout(expiry);
    const periodic = setInterval(() => void recheck(), RECHECK_MS);
    expiry.unref();
    periodic.unref();
    return stop;
  };
}

export type WatchSession = ReturnType<typeof sessionWatcher>;
