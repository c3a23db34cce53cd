import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * How a lock's name becomes the key PostgreSQL compares:
 * - `key`: one fixed 64-bit key, for a lock over the whole platform;
 * - `pair`: a fixed 32-bit class key with the scope's 32-bit text hash (the two-key form);
 * - `text`: `<prefix>:<scope>` hashed to 64 bits (`hashtextextended`, seed 0);
 * - `text32`: `<prefix>:<scope>` hashed to 32 bits (`hashtext`), taken as a 64-bit key.
 */
type LockSpec =
  | { shape: "key"; key: number }
  | { shape: "pair"; key: number }
  | { shape: "text"; prefix: string }
  | { shape: "text32"; prefix: string };

/**
 * Every advisory lock the server takes, by name: the one list of keys. The keys never change,
 * so that an old server and a new one running side by side in a rolling deploy still exclude
 * each other. A new lock takes the `text` shape with a prefix of its own (or the next fixed key
 * after the highest here); `locks.test.ts` checks no two names share a key.
 */
export const ADVISORY_LOCKS = {
  /** The first account on an empty database becomes the platform administrator: only one can. */
  firstAccount: { shape: "key", key: 725_001 },
  /** A workspace's call admitted and inserted one at a time (scope: the workspace id). */
  callStart: { shape: "pair", key: 725_002 },
  /** The platform-wide count of live carrier calls and a new call's insert, one at a time. */
  platformCalls: { shape: "key", key: 725_003 },
  /** The platform configuration: two administrators saving at once do not lose each other's fields. */
  platformConfig: { shape: "key", key: 725_004 },
  /** Dialer ticks on several servers pace one after the other. */
  dialerTick: { shape: "key", key: 725_013 },
  /** Every deletion of a person or a workspace, against the data holds and each other. */
  deletion: { shape: "key", key: 725_016 },
  /** Everything that adds contacts, counted against the plan (scope: the workspace id). */
  contacts: { shape: "text", prefix: "contacts" },
  /** Agent extensions assigned (scope: the workspace id). */
  aiAgents: { shape: "text", prefix: "ai-agents" },
  /** Default-script changes (scope: the workspace id). */
  aiScripts: { shape: "text", prefix: "ai-scripts" },
  /** AI Studio flows created under the plan's limit (scope: the workspace id). */
  aiFlows: { shape: "text", prefix: "ai-flows" },
  /** Automation rules created under the plan's limit (scope: the workspace id). */
  automationRules: { shape: "text", prefix: "automation-rules" },
  /** Bookings, so two cannot both find a time free (scope: the workspace id). */
  appointments: { shape: "text", prefix: "appointments" },
  /** A campaign's AI agents handed to its lines (scope: the campaign id). */
  dialerAi: { shape: "text", prefix: "dialer-ai" },
  /** Voice profiles added under the plan's limit (scope: the workspace id). */
  voiceProfiles: { shape: "text32", prefix: "voice-profiles" },
} as const satisfies Record<string, LockSpec>;

type Locks = typeof ADVISORY_LOCKS;
/** Locks over the whole platform: no scope. */
export type PlatformLock = {
  [Name in keyof Locks]: Locks[Name]["shape"] extends "key" ? Name : never;
}[keyof Locks];
/** Locks over one workspace, campaign, ...: taken with its id. */
export type ScopedLock = Exclude<keyof Locks, PlatformLock>;

/**
 * Takes the named lock until the transaction `tx` ends (pg_advisory_xact_lock), waiting for
 * whoever holds it. The only place the server calls PostgreSQL's advisory-lock functions.
 */
export async function advisoryLock(tx: Db, name: PlatformLock): Promise<void>;
export async function advisoryLock(tx: Db, name: ScopedLock, scope: string): Promise<void>;
export async function advisoryLock(tx: Db, name: keyof Locks, scope = ""): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${keyOf(ADVISORY_LOCKS[name], scope)})`);
}

/** The lock's key as pg_advisory_xact_lock's arguments. */
function keyOf(spec: LockSpec, scope: string): SQL {
  switch (spec.shape) {
    case "key":
      return sql`${spec.key}::bigint`;
    case "pair":
      return sql`${spec.key}::int4, hashtext(${scope})`;
    case "text":
      return sql`hashtextextended(${`${spec.prefix}:${scope}`}, 0)`;
    case "text32":
      return sql`hashtext(${`${spec.prefix}:${scope}`})`;
  }
}
