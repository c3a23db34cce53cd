import { EventEmitter } from "node:events";
import pg from "pg";
import type { CallEvent } from "../../common/calls";

/**
 * A change to who may do what, or to what a cached session or setting says: every server drops
 * what it cached for it. Absent fields do not narrow: `{ workspaceId }` is everyone in it.
 */
export type AccessChange = {
  tokenHash?: string | undefined;
  userId?: string | undefined;
  workspaceId?: string | undefined;
  /** The workspace's own cached rows changed too (its assistant's settings). */
  settings?: boolean | undefined;
};

/** What travels on the bus: a workspace's live events, and, on SYSTEM_CHANNEL, cache invalidations. */
export type BusEvent = CallEvent | { type: "access.changed"; change: AccessChange };

/** The channel servers tell each other about access changes on; never a workspace id (a UUID). */
export const SYSTEM_CHANNEL = "system";

/** Per-workspace live events (transcript lines, status), fanned out to /api/events subscribers. */
export type EventBus = {
  publish(channel: string, event: BusEvent): void;
  subscribe(channel: string, listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
};

/** One process: events go straight to this process's subscribers (the embedded database's case). */
export function localEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (userId, event) => emitter.emit(userId, event),
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = "aip_events";
/** PostgreSQL caps a NOTIFY payload at 8000 bytes; bigger events go without their lines (clients refetch). */
const MAX_PAYLOAD = 7500;

/**
 * Several app servers on one PostgreSQL: events travel by LISTEN/NOTIFY, so a browser connected
 * to one server sees a call handled by another.
 */
export async function postgresEventBus(connectionString: string): Promise<EventBus> {
  const local = localEventBus();
  const listener = new pg.Client({ connectionString });
  const publisher = new pg.Pool({ connectionString, max: 2 });
  publisher.on("error", () => {});
  await listener.connect();
  // LISTEN takes no parameters; CHANNEL is this module's constant, never input.
  await listener.query(`listen ${CHANNEL}`);
  listener.on("notification", (message) => {
    if (!message.payload) return;
    try {
      const { userId, event } = JSON.parse(message.payload) as { userId: string; event: BusEvent };
      local.publish(userId, event);
    } catch {
      // A malformed payload is dropped; clients still poll.
    }
  });
  return {
    publish(userId, event) {
      let payload = JSON.stringify({ userId, event });
      if (payload.length > MAX_PAYLOAD && "lines" in event) {
        payload = JSON.stringify({ userId, event: { ...event, lines: undefined } });
      }
      publisher.query("select pg_notify($1, $2)", [CHANNEL, payload]).catch(() => {});
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      await listener.end();
      await publisher.end();
    },
  };
}
