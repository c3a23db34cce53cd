import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectPath } from "../paths";
import { databaseName, databaseUrlFor } from "../test/postgres-url";
import { type Database, openPglite, openPostgres, pgliteOptions } from "./client";

/**
 * The move from users to workspaces. A database is migrated to the schema before it
 * (0011), filled as the app of that day would have filled it, then migrated to the end; every
 * row must arrive in the workspace of the user who owned it, and every session must still work.
 */

const LAST_BEFORE_WORKSPACES = 11;
const USERS = 3;

let database: Database;
let dropDatabase: () => Promise<void> = async () => {};
let folderBefore: string;

/** A copy of the committed migrations that stops at `lastIndex`, as the folder looked then. */
function migrationsUpTo(lastIndex: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "aip-migrations-"));
  cpSync(projectPath("server/db/migrations"), dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateWith(folder: string): Promise<void> {
  if (database.engine === "pglite") await migratePglite(database.db as never, { migrationsFolder: folder });
  else await migratePostgres(database.db as never, { migrationsFolder: folder });
}

async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = databaseName(`aip_migrate_${randomBytes(6).toString("hex")}`);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    database = openPostgres(databaseUrlFor(serverUrl, name), 2);
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    database = openPglite(await PGlite.create(pgliteOptions));
  }
  folderBefore = migrationsUpTo(LAST_BEFORE_WORKSPACES);
  await migrateWith(folderBefore);
  await fillAsBefore();
  await database.migrate();
});

afterAll(async () => {
  await database.close();
  await dropDatabase();
  rmSync(folderBefore, { recursive: true, force: true });
});

/** Three accounts of the old schema, each with a row in every table that belonged to a user. */
async function fillAsBefore(): Promise<void> {
  for (let i = 0; i < USERS; i++) {
    const business = i === 0;
    const [user] = await rows<{ id: string }>(sql`
      insert into users (username, password_hash, email, full_name, plan_type, timezone, company_name, industry)
      values (${`user${i}`}, 'hash', ${`user${i}@example.com`}, ${i === 2 ? null : `Person ${i}`},
              ${business ? "business" : "personal"}, ${i === 1 ? "Europe/London" : "America/Chicago"},
              ${business ? "Acme Ltd" : null}, ${business ? "retail" : null})
      returning id`);
    const id = user?.id ?? "";
    await database.db.execute(
      sql`insert into ai_settings (user_id, greeting_message) values (${id}, ${`Hello ${i}`})`,
    );
    await database.db.execute(sql`
      insert into subscriptions (user_id, plan_type, status) values (${id}, ${business ? "business" : "personal"}, 'trialing')`);
    await database.db.execute(sql`
      insert into usage_tracking (user_id, year, month, calls_screened) values (${id}, 2026, 10, ${i + 1})`);
    await database.db.execute(sql`
      insert into sessions (user_id, token_hash, expires_at) values (${id}, ${`token-${i}`}, now() + interval '1 day')`);
    for (let c = 0; c < 2 + i; c++) {
      await database.db.execute(sql`
        insert into calls (user_id, phone_number, classification, status, duration, direction)
        values (${id}, ${`+1555000${i}${c}`}, 'support', 'completed', 60, ${c === 0 ? "outbound" : "inbound"})`);
    }
    await database.db.execute(sql`
      insert into appointments (user_id, title, start_time, end_time)
      values (${id}, 'Visit', now() + interval '1 day', now() + interval '25 hours')`);
    await database.db.execute(
      sql`insert into blocked_numbers (user_id, phone_number) values (${id}, ${`+1666000${i}`})`,
    );
    await database.db.execute(sql`insert into contacts (user_id, name) values (${id}, ${`Contact ${i}`})`);
    await database.db.execute(sql`
      insert into voice_profiles (user_id, voice_id, voice_name) values (${id}, ${`local-${i}`}, 'Voice')`);
    await database.db.execute(sql`
      insert into phone_numbers (user_id, number, provider) values (${id}, ${`+1555019${i}`}, 'simulator')`);
    await database.db.execute(sql`
      insert into checkout_sessions (user_id, plan_id, provider, amount_cents) values (${id}, 'pro', 'local', 3900)`);
    await database.db.execute(sql`
      insert into payment_events (id, provider, type, user_id) values (${`evt_${i}`}, 'local', 'checkout', ${id})`);
  }
}

const TENANT_TABLES = [
  "ai_settings",
  "subscriptions",
  "usage_tracking",
  "calls",
  "appointments",
  "blocked_numbers",
  "contacts",
  "voice_profiles",
  "phone_numbers",
  "checkout_sessions",
  "payment_events",
  "call_counts",
] as const;

describe("the workspaces migration", () => {
  it("gives every user a workspace with their id, name, plan and time zone, owned by them", async () => {
    const found = await rows(sql`
      select u.username, w.id = u.id as same_id, w.name, w.plan_type, w.timezone, w.company_name, m.role
      from users u join workspaces w on w.id = u.id
      join memberships m on m.workspace_id = w.id and m.user_id = u.id
      order by u.username`);
    expect(found).toEqual([
      {
        username: "user0",
        same_id: true,
        name: "Acme Ltd",
        plan_type: "business",
        timezone: "America/Chicago",
        company_name: "Acme Ltd",
        role: "owner",
      },
      {
        username: "user1",
        same_id: true,
        name: "Person 1",
        plan_type: "personal",
        timezone: "Europe/London",
        company_name: null,
        role: "owner",
      },
      {
        username: "user2",
        same_id: true,
        name: "user2",
        plan_type: "personal",
        timezone: "America/Chicago",
        company_name: null,
        role: "owner",
      },
    ]);
  });

  it("moves every row of every user-owned table to its user's workspace", async () => {
    for (const table of TENANT_TABLES) {
      const [counts] = await rows<{ total: number; placed: number }>(sql`
        select count(*)::int as total,
               count(*) filter (where t.workspace_id in (select id from users))::int as placed
        from ${sql.identifier(table)} t`);
      expect(counts?.total, table).toBeGreaterThan(0);
      expect(counts?.placed, table).toBe(counts?.total);
    }
    const perUser = await rows<{ username: string; calls: number }>(sql`
      select u.username, count(c.id)::int as calls from users u left join calls c on c.workspace_id = u.id
      group by u.username order by u.username`);
    expect(perUser).toEqual([
      { username: "user0", calls: 2 },
      { username: "user1", calls: 3 },
      { username: "user2", calls: 4 },
    ]);
  });

  it("keeps the call counters exact, and they follow new calls", async () => {
    const check = sql`
      select (select count(*)::int from calls) as calls, (select coalesce(sum(n), 0)::int from call_counts) as counted`;
    expect((await rows(check))[0]).toEqual({ calls: 9, counted: 9 });
    const [someone] = await rows<{ id: string }>(sql`select id from workspaces limit 1`);
    await database.db.execute(sql`
      insert into calls (workspace_id, phone_number, status) values (${someone?.id}, '+15550009999', 'completed')`);
    await database.db.execute(
      sql`update calls set classification = 'spam' where phone_number = '+15550009999'`,
    );
    expect((await rows(check))[0]).toEqual({ calls: 10, counted: 10 });
  });

  it("keeps who made what where a person matters, and every session working in its workspace", async () => {
    const [made] = await rows(sql`
      select (select count(*)::int from voice_profiles where created_by = workspace_id) as voices,
             (select count(*)::int from calls where direction = 'outbound' and created_by = workspace_id) as outbound,
             (select count(*)::int from sessions where workspace_id = user_id) as sessions`);
    expect(made).toEqual({ voices: USERS, outbound: USERS, sessions: USERS });
  });

  it("leaves no user-owned column behind", async () => {
    // A user_id names a person. Memberships, sessions and every later table that names one (an
    // agent's dialer session, who sent an enquiry) belong to a workspace all the same; only the
    // platform administrator's suspensions and one-time sign-in links, and the links that prove a
    // person's email address, are about a person alone.
    const leftovers = await rows(sql`
      select c.table_name from information_schema.columns c
      where c.table_schema = 'public' and c.column_name = 'user_id'
        and not exists (
          select 1 from information_schema.columns w
          where w.table_schema = 'public' and w.table_name = c.table_name and w.column_name = 'workspace_id')
      order by c.table_name`);
    expect(leftovers.map((row) => row.table_name)).toEqual([
      "admin_sign_in_links",
      "email_links",
      "user_suspensions",
    ]);
  });
});
