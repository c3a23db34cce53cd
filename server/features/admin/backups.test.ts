import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKUP_TOO_SOON } from "../../../common/admin";
import { buildApp } from "../../app";
import { openDatabase } from "../../db/client";
import { projectPath } from "../../paths";
import { createTestApp, type TestApp } from "../../test/app";
import { buildCall, buildWorkspace, rows, type SignedInClient } from "../../test/factories";
import { databaseName, databaseUrlFor } from "../../test/postgres-url";
import { backupDue, backupService } from "./backups";
import { readArchive, writeArchive } from "./backups-archive";
import { RestoreRefused, restoreBackup } from "./backups-restore";
import { literal, loadOrder } from "./backups-sql";

/**
 * Backups and restore, on whichever database the run uses: the embedded one
 * by default, PostgreSQL with TEST_DATABASE_URL (`npm run test:pg`). A backup is taken through
 * the API, restored into a fresh data directory (and an empty database), and the app started on
 * the restored copy finds the people, their calls and their files.
 */
let t: TestApp;
let admin: SignedInClient;
let customer: SignedInClient;
const recording = randomBytes(70_000);
const longName = `${"nested-folder-with-a-long-name/".repeat(4)}voice sample é.wav`;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildWorkspace(t, { username: "backup_admin" });
  customer = await buildWorkspace(t, { username: "backed_up_customer", email: "kept@example.com" });
  await buildCall(customer, { callerName: "Line one\nLine 'two' \\ back" });
  await buildCall(customer);
  await mkdir(path.join(t.config.dataDir, "recordings"), { recursive: true });
  await writeFile(path.join(t.config.dataDir, "recordings", "call-1.wav"), recording);
  await mkdir(path.dirname(path.join(t.config.dataDir, longName)), { recursive: true });
  await writeFile(path.join(t.config.dataDir, longName), "sample");
}, 60_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await t.close();
});

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "aip-restore-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty database on the test server, dropped after the file. */
async function emptyPostgresDatabase(): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = databaseName(`aip_restore_${randomBytes(5).toString("hex")}`);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  return databaseUrlFor(serverUrl, name);
}

let backupFile = "";
/** The database the first restore filled (PostgreSQL runs): no longer empty, so never a target again. */
let restoredUrl: string | undefined;

describe("POST /api/admin/system/backup", () => {
  it("writes one archive under DATA_DIR/backups, lists it with size and time, and audits it", async () => {
    const res = await admin.post("/api/admin/system/backup");
    expect(res.statusCode).toBe(200);
    const { backup, message } = res.json();
    expect(message).toBe(`Backup created: ${backup.name}`);
    expect(backup).toMatchObject({ trigger: "manual" });
    expect(backup.size).toBeGreaterThan(recording.length / 2);
    backupFile = path.join(t.config.dataDir, "backups", backup.name);
    expect(existsSync(backupFile)).toBe(true);

    const names: string[] = [];
    await readArchive(backupFile, async (name) => {
      names.push(name);
    });
    expect(names[0]).toBe("manifest.json");
    expect(names).toContain(t.database.engine === "pglite" ? "database/pgdata.tar" : "database/dump.sql");
    expect(names).toContain("files/recordings/call-1.wav");
    expect(names).toContain(`files/${longName}`);
    // Never the backups themselves, nor a half-written one.
    expect(names.some((name) => name.startsWith("files/backups"))).toBe(false);
    if (t.database.engine === "postgres") expect(names).toContain("migrations/meta/_journal.json");

    const listed = await admin.get("/api/admin/system/backups");
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ frequency: "daily", keep: 7 });
    expect(listed.json().backups).toEqual([backup]);

    const log = await admin.get("/api/admin/audit-log?action=backup.created");
    expect(log.json().entries[0]).toMatchObject({
      actorId: admin.user.id,
      actorName: "backup_admin",
      // The two written above and whatever the app wrote there itself (the accounts' emails).
      details: {
        name: backup.name,
        engine: t.database.engine,
        files: names.filter((name) => name.startsWith("files/")).length,
      },
    });
    expect(log.json().entries[0].ip).toBeTruthy();

    // One a minute: a second click (or a script) does not copy the database again.
    const again = await admin.post("/api/admin/system/backup");
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(BACKUP_TOO_SOON);
    expect((await admin.get("/api/admin/system/backups")).json().backups).toHaveLength(1);

    expect((await customer.post("/api/admin/system/backup")).statusCode).toBe(403);
    expect((await customer.get("/api/admin/system/backups")).statusCode).toBe(403);
  }, 60_000);
});

describe("npm run restore", () => {
  it("restores into a fresh data directory (and empty database) where the app finds the data", async () => {
    const dataDir = await freshDir();
    const databaseUrl = t.database.engine === "postgres" ? await emptyPostgresDatabase() : undefined;
    restoredUrl = databaseUrl;
    const report = await restoreBackup({ file: backupFile, dataDir, databaseUrl });
    expect(report.engine).toBe(t.database.engine);
    expect(report.counts).toMatchObject({ users: 2, workspaces: 2, calls: 2 });
    expect(await readFile(path.join(dataDir, "recordings", "call-1.wav"))).toEqual(recording);
    expect(await readFile(path.join(dataDir, longName), "utf8")).toBe("sample");
    expect((await readdir(dataDir)).some((name) => name.startsWith(".restore-"))).toBe(false);

    // The app started on the restored copy: the customer signs in and sees their calls.
    const database = await openDatabase({ databaseUrl, dataDir });
    cleanups.push(() => database.close());
    await database.migrate();
    const restored = await buildApp({
      config: { ...t.config, dataDir },
      database,
      speech: null,
      schedules: false,
    });
    cleanups.push(() => restored.close());
    await restored.ready();
    const login = await restored.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host: "app.test", origin: "http://app.test" },
      payload: { login: "backed_up_customer", password: "correct horse battery" },
    });
    expect(login.statusCode).toBe(200);
    const [names] = await rows<{ n: number }>(
      { database },
      sql`select count(*)::int as n from calls where caller_name = ${"Line one\nLine 'two' \\ back"}`,
    );
    expect(names?.n).toBe(1);
    // The counters came back as they were, not doubled by the triggers while rows loaded.
    const [counted] = await rows<{ counted: number; real: number }>(
      { database },
      sql`select (select coalesce(sum(n), 0)::int from call_counts) as counted, (select count(*)::int from calls) as real`,
    );
    expect(counted?.counted).toBe(counted?.real);
  }, 120_000);

  it("refuses a data directory or a database that is not empty, with a message that says what to do", async () => {
    const used = await freshDir();
    await writeFile(path.join(used, "something.txt"), "live data");
    await expect(restoreBackup({ file: backupFile, dataDir: used })).rejects.toThrow(
      /DATA_DIR \(.*\) is not empty: a backup is restored only into an empty data directory/,
    );
    expect(await readFile(path.join(used, "something.txt"), "utf8")).toBe("live data");
    await expect(
      restoreBackup({ file: path.join(used, "missing.tar.gz"), dataDir: await freshDir() }),
    ).rejects.toThrow(RestoreRefused);
    const notBackup = path.join(used, "not-a-backup.tar.gz");
    await writeArchive(notBackup, [{ name: "hello.txt", size: 2, source: { bytes: Buffer.from("hi") } }]);
    const target = await freshDir();
    await expect(restoreBackup({ file: notBackup, dataDir: target })).rejects.toThrow(
      /not an AI Platform backup/,
    );
    expect(await readdir(target)).toEqual([]);

    if (t.database.engine === "postgres") {
      // The database restored into above holds data now: never a target again.
      expect(restoredUrl).toBeTruthy();
      const live = await restoreBackup({
        file: backupFile,
        dataDir: await freshDir(),
        databaseUrl: restoredUrl,
      }).catch((error: Error) => error);
      expect(String(live)).toMatch(/The database at DATABASE_URL is not empty/);
      const withoutDatabase = await restoreBackup({ file: backupFile, dataDir: await freshDir() }).catch(
        (error: Error) => error,
      );
      expect(String(withoutDatabase)).toMatch(/set DATABASE_URL to an empty database/);
    }
  }, 60_000);

  it("is one command: `npm run restore -- FILE` refuses a used DATA_DIR and exits 1", async () => {
    const used = await freshDir();
    await writeFile(path.join(used, "keep.txt"), "x");
    const run = await promisify(execFile)("npm", ["run", "--silent", "restore", "--", backupFile], {
      cwd: projectPath(),
      env: { ...process.env, DATA_DIR: used, DATABASE_URL: "" },
    }).catch((error: { code: number; stderr: string }) => error);
    expect("code" in run ? run.code : 0).toBe(1);
    expect("stderr" in run ? run.stderr : "").toContain(`Restore refused: DATA_DIR (${used}) is not empty`);
  }, 60_000);
});

describe("scheduled backups", () => {
  it("are due by the configured frequency", () => {
    const at = new Date("2026-11-25T12:00:00Z");
    const ago = (hours: number) => new Date(at.getTime() - hours * 3_600_000);
    expect(backupDue("daily", null, at)).toBe(true);
    expect(backupDue("hourly", ago(1), at)).toBe(true);
    expect(backupDue("hourly", ago(0.5), at)).toBe(false);
    expect(backupDue("daily", ago(23.9), at)).toBe(true);
    expect(backupDue("daily", ago(12), at)).toBe(false);
    expect(backupDue("weekly", ago(24 * 6), at)).toBe(false);
    expect(backupDue("weekly", ago(24 * 7), at)).toBe(true);
  });

  it("run from the jobs queue's tick, read the stored frequency and keep the newest N", async () => {
    let now = new Date("2026-11-25T00:23:00Z");
    let frequency: "hourly" | "daily" = "hourly";
    const dataDir = await freshDir();
    const backups = backupService({
      database: t.database,
      dataDir,
      appVersion: "test",
      readConfig: async () => ({ backupFrequency: frequency }),
      keep: 1,
      now: () => now,
    });
    const made: (string | null)[] = [];
    for (let hour = 0; hour < 2; hour++) {
      made.push((await backups.runScheduled()).created);
      now = new Date(now.getTime() + 3_600_000);
    }
    expect(made.every(Boolean)).toBe(true);
    const kept = await backups.list();
    expect(kept.map((b) => b.name)).toEqual([made[1]]);
    frequency = "daily";
    expect((await backups.runScheduled()).created).toBeNull();
    // A manual backup is never pruned by the schedule.
    await backups.create("manual");
    now = new Date(now.getTime() + 25 * 3_600_000);
    const later = await backups.runScheduled();
    expect(later.created).toBeTruthy();
    expect(later.pruned).toEqual([made[1]]);
    expect((await backups.list()).map((b) => b.trigger).sort()).toEqual(["manual", "scheduled"]);

    // The real schedule: the app's own service reads platform_config (spec default: daily).
    const scheduled = await t.app.services.adminSystem.backups.runScheduled();
    expect(scheduled.frequency).toBe("daily");
  }, 120_000);
});

describe("the SQL dump's pieces", () => {
  it("writes values on one line and loads parents before children", () => {
    expect(literal(null)).toBe("NULL");
    expect(literal("plain")).toBe("'plain'");
    expect(literal("it's\na \\ b\r")).toBe("E'it''s\\na \\\\ b\\r'");
    expect(
      loadOrder(
        ["calls", "users", "workspaces", "sessions"],
        [
          { child: "calls", parent: "workspaces" },
          { child: "sessions", parent: "users" },
          { child: "users", parent: "workspaces" },
        ],
      ),
    ).toEqual(["workspaces", "calls", "users", "sessions"]);
  });
});
