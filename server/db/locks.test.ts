import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../test/database";
import type { Database, Db } from "./client";
import { ADVISORY_LOCKS, advisoryLock, type PlatformLock, type ScopedLock } from "./locks";

type Name = keyof typeof ADVISORY_LOCKS;

/**
 * Each lock as the statement that took it before the registry existed. A server of the
 * previous release still runs these during a rolling deploy, so the registry must take the very
 * same keys.
 */
const AS_FIRST_WRITTEN: Record<Name, (scope: string) => SQL> = {
  firstAccount: () => sql`select pg_advisory_xact_lock(725001)`,
  callStart: (scope) => sql`select pg_advisory_xact_lock(725002, hashtext(${scope}))`,
  platformCalls: () => sql`select pg_advisory_xact_lock(${725_003})`,
  platformConfig: () => sql`select pg_advisory_xact_lock(${725_004})`,
  dialerTick: () => sql`select pg_advisory_xact_lock(${725_013})`,
  deletion: () => sql`select pg_advisory_xact_lock(${725_016})`,
  contacts: (scope) => sql`select pg_advisory_xact_lock(hashtextextended(${`contacts:${scope}`}, 0))`,
  aiAgents: (scope) => sql`select pg_advisory_xact_lock(hashtextextended(${`ai-agents:${scope}`}, 0))`,
  aiScripts: (scope) => sql`select pg_advisory_xact_lock(hashtextextended(${`ai-scripts:${scope}`}, 0))`,
  aiFlows: (scope) => sql`select pg_advisory_xact_lock(hashtextextended(${`ai-flows:${scope}`}, 0))`,
  automationRules: (scope) =>
    sql`select pg_advisory_xact_lock(hashtextextended(${`automation-rules:${scope}`}, 0))`,
  appointments: (scope) => sql`select pg_advisory_xact_lock(hashtextextended(${`appointments:${scope}`}, 0))`,
  dialerAi: (scope) => sql`select pg_advisory_xact_lock(hashtextextended(${`dialer-ai:${scope}`}, 0))`,
  voiceProfiles: (scope) => sql`select pg_advisory_xact_lock(hashtext(${`voice-profiles:${scope}`}))`,
};

const SCOPE = "0190c6d2-3b7a-7c4e-9a1f-2d3e4f5a6b7c";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** The advisory locks this transaction holds, as PostgreSQL names them. */
async function held(tx: Db): Promise<string[]> {
  const result = await tx.execute(sql`
    select classid::text || '/' || objid::text || '/' || objsubid::text as key from pg_locks
    where locktype = 'advisory' and pid = pg_backend_pid() order by 1`);
  return (result as unknown as { rows: { key: string }[] }).rows.map((row) => row.key);
}

describe("the advisory locks", () => {
  it("take the keys each lock took before the registry, so old and new servers exclude each other", async () => {
    for (const name of Object.keys(ADVISORY_LOCKS) as Name[]) {
      const before = await database.db.transaction(async (tx) => {
        await tx.execute(AS_FIRST_WRITTEN[name](SCOPE));
        return held(tx);
      });
      const now = await database.db.transaction(async (tx) => {
        if (ADVISORY_LOCKS[name].shape === "key") await advisoryLock(tx, name as PlatformLock);
        else await advisoryLock(tx, name as ScopedLock, SCOPE);
        return held(tx);
      });
      expect(before, name).toHaveLength(1);
      expect(now, name).toEqual(before);
    }
  });

  it("gives no two names the same key", () => {
    const keys = Object.values(ADVISORY_LOCKS).map((spec) =>
      "key" in spec ? `${spec.shape === "pair" ? "pair" : "key"}:${spec.key}` : `text:${spec.prefix}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});
