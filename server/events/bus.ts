import { EventEmitter } from "node:events";
import pg from "pg";
import type { CallEvent } from "../../common/calls";

/** Per-account live events (transcript lines, status), fanned out to /api/events subscribers. */
export type EventBus = {
  publish(userId: string, event: CallEvent): void;
  subscribe(userId: string, listener: (event: CallEvent) => void): () => void;
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
      const { userId, event } = JSON.parse(message.payload) as { userId: string; event: CallEvent };
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
