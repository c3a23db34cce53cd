import { randomBytes } from "node:crypto";
import { lstat, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import {
  BACKUP_MIN_GAP_MS,
  BACKUP_TOO_SOON,
  BACKUPS_KEPT,
  type BackupFrequency,
  type BackupInfo,
  type BackupTrigger,
  DEFAULT_SYSTEM_CONFIG,
  type SystemConfig,
} from "../../../common/admin";
import type { Database } from "../../db/client";
import { TooMany } from "../../domain/errors";
import { projectPath } from "../../paths";
import { type ArchiveEntry, writeArchive } from "./backups-archive";
import { dumpPostgres } from "./backups-sql";

/**
 * Backups: one .tar.gz under DATA_DIR/backups holding
 * - manifest.json: what it is, when, from which engine, what it holds;
 * - database/: on the embedded database its own dump of the data directory (PGlite
 *   dumpDataDir, taken while no query runs); on PostgreSQL the data as SQL from one
 *   repeatable-read snapshot (backups-sql.ts) with migrations/ (the schema it loads into);
 * - files/: everything else in DATA_DIR (recordings, voice samples, the mail outbox, queued
 *   imports, the generated app secret that decrypts stored credentials), but not the backups
 *   themselves nor the live database folder.
 * `npm run restore -- FILE` (scripts/restore.ts, backups-restore.ts) puts it back into an
 * empty data directory or database.
 */

export const BACKUP_FORMAT = "ai-platform-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUPS_DIR = "backups";
/** DATA_DIR entries a backup never copies as files: itself, and the embedded database's live folder. */
const NOT_FILES = new Set([BACKUPS_DIR, "pgdata"]);
const NAME = /^backup-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-(manual|scheduled)(?:-\w+)?\.tar\.gz$/;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  trigger: BackupTrigger;
  engine: "pglite" | "postgres";
  /** The entry holding the database: database/pgdata.tar (PGlite) or database/dump.sql (PostgreSQL). */
  database: string;
  /** PostgreSQL: rows per table in the dump. */
  tables?: Record<string, number>;
  files: number;
  fileBytes: number;
};

export type BackupServiceDeps = {
  database: Database;
  dataDir: string;
  appVersion: string;
  /** The platform configuration as stored (absent fields take the spec's defaults). */
  readConfig: () => Promise<Partial<SystemConfig> | undefined>;
  /** Scheduled backups kept; older scheduled ones are deleted. Manual ones stay until removed by hand. */
  keep?: number;
  now?: () => Date;
};

const HOUR_MS = 3_600_000;
/** A schedule tick may run a few minutes late; a backup this much short of its period still counts as due. */
const SLACK_MS = 10 * 60_000;
export const FREQUENCY_MS: Record<BackupFrequency, number> = {
  hourly: HOUR_MS,
  daily: 24 * HOUR_MS,
  weekly: 7 * 24 * HOUR_MS,
};

/** Whether a scheduled backup is due: none yet, or the last is (nearly) a period old. */
export function backupDue(frequency: BackupFrequency, last: Date | null, now: Date): boolean {
  if (!last) return true;
  return now.getTime() - last.getTime() >= FREQUENCY_MS[frequency] - SLACK_MS;
}

export function backupName(at: Date, trigger: BackupTrigger, suffix = ""): string {
  return `backup-${at.toISOString().replace(/[:.]/g, "-")}-${trigger}${suffix}.tar.gz`;
}

function parseName(name: string): { createdAt: Date; trigger: BackupTrigger } | null {
  const match = NAME.exec(name);
  if (!match?.[1] || !match[2]) return null;
  const [date, time] = match[1].split("T") as [string, string];
  const [h, m, s, ms] = time.replace("Z", "").split("-");
  return { createdAt: new Date(`${date}T${h}:${m}:${s}.${ms}Z`), trigger: match[2] as BackupTrigger };
}

/** Every regular file under `root` (relative, "/"-separated), except the top-level names skipped. */
async function listFiles(
  root: string,
  skip: Set<string>,
): Promise<{ name: string; full: string; size: number; mtime: Date }[]> {
  const found: { name: string; full: string; size: number; mtime: Date }[] = [];
  async function walk(dir: string, relative: string) {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!relative && (skip.has(entry.name) || entry.name.startsWith(".restore-"))) continue;
      const full = path.join(dir, entry.name);
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(full, name);
      else if (entry.isFile()) {
        const info = await lstat(full).catch(() => null);
        if (info?.isFile()) found.push({ name, full, size: info.size, mtime: info.mtime });
      }
    }
  }
  await walk(root, "");
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** The driver's own client under Drizzle: the PGlite instance, or the pg pool. */
function rawClient(database: Database): unknown {
  return (database.db as unknown as { $client: unknown }).$client;
}

export function backupService(deps: BackupServiceDeps) {
  const { database, dataDir } = deps;
  const now = deps.now ?? (() => new Date());
  const keep = deps.keep ?? BACKUPS_KEPT;
  const dir = path.join(dataDir, BACKUPS_DIR);
  // One backup at a time on this server: a scheduled one waits for a manual one, and the reverse.
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };

  async function list(): Promise<BackupInfo[]> {
    const names = await readdir(dir).catch(() => [] as string[]);
    const infos: BackupInfo[] = [];
    for (const name of names) {
      const parsed = parseName(name);
      if (!parsed) continue;
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (!info?.isFile()) continue;
      infos.push({
        name,
        size: info.size,
        createdAt: parsed.createdAt.toISOString(),
        trigger: parsed.trigger,
      });
    }
    return infos.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
  }

  async function create(trigger: BackupTrigger): Promise<{ backup: BackupInfo; manifest: BackupManifest }> {
    await mkdir(dir, { recursive: true });
    const at = now();
    let name = backupName(at, trigger);
    const taken = new Set(await readdir(dir));
    if (taken.has(name)) name = backupName(at, trigger, `-${randomBytes(3).toString("hex")}`);
    const partial = path.join(dir, `.${name}.partial`);
    const sqlFile = path.join(dir, `.${name}.sql.partial`);
    try {
      const entries: ArchiveEntry[] = [];
      let databaseEntry: ArchiveEntry;
      let tables: Record<string, number> | undefined;
      if (database.engine === "pglite") {
        // Between transactions, never in one: the transaction lock waits for a running one to
        // end and holds new ones back, and dumpDataDir holds queries back while it copies.
        const pglite = rawClient(database) as PGlite;
        const dump = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir("none"));
        const bytes = new Uint8Array(await dump.arrayBuffer());
        databaseEntry = { name: "database/pgdata.tar", size: bytes.length, source: { bytes } };
      } else {
        const client = await (rawClient(database) as pg.Pool).connect();
        try {
          tables = await dumpPostgres(client, sqlFile);
        } finally {
          client.release();
        }
        databaseEntry = {
          name: "database/dump.sql",
          size: (await stat(sqlFile)).size,
          source: { path: sqlFile },
        };
      }
      const migrations =
        database.engine === "postgres" ? await listFiles(projectPath("server/db/migrations"), new Set()) : [];
      const files = await listFiles(dataDir, NOT_FILES);
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        appVersion: deps.appVersion,
        createdAt: at.toISOString(),
        trigger,
        engine: database.engine,
        database: databaseEntry.name,
        ...(tables ? { tables } : {}),
        files: files.length,
        fileBytes: files.reduce((sum, file) => sum + file.size, 0),
      };
      const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      entries.push({ name: "manifest.json", size: manifestBytes.length, source: { bytes: manifestBytes } });
      entries.push(databaseEntry);
      for (const file of migrations)
        entries.push({
          name: `migrations/${file.name}`,
          size: file.size,
          mtime: file.mtime,
          source: { path: file.full },
        });
      for (const file of files)
        entries.push({
          name: `files/${file.name}`,
          size: file.size,
          mtime: file.mtime,
          source: { path: file.full },
        });
      await writeArchive(partial, entries);
      // Listed only once complete: a crash mid-way leaves a .partial the listing ignores.
      await rename(partial, path.join(dir, name));
      const info = await stat(path.join(dir, name));
      return { backup: { name, size: info.size, createdAt: at.toISOString(), trigger }, manifest };
    } finally {
      await rm(partial, { force: true });
      await rm(sqlFile, { force: true });
    }
  }

  /** Deletes scheduled backups past the newest `keep`; answers the names deleted. */
  async function prune(): Promise<string[]> {
    const scheduled = (await list()).filter((backup) => backup.trigger === "scheduled");
    const old = scheduled.slice(keep);
    for (const backup of old) await rm(path.join(dir, backup.name), { force: true });
    return old.map((backup) => backup.name);
  }

  async function frequency(): Promise<BackupFrequency> {
    const stored = await deps.readConfig();
    return stored?.backupFrequency ?? DEFAULT_SYSTEM_CONFIG.backupFrequency;
  }

  return {
    dir,
    keep,
    list,
    frequency,
    /** A backup now: answers it and its manifest. */
    create: (trigger: BackupTrigger = "manual") => oneAtATime(() => create(trigger)),
    /**
     * The admin's Backup Now: refused (429) within a minute of the last manual one, so a stuck
     * button or a script cannot hold the database copying it over and over.
     */
    createManual: () =>
      oneAtATime(async () => {
        const last = (await list()).find((backup) => backup.trigger === "manual");
        if (last && now().getTime() - new Date(last.createdAt).getTime() < BACKUP_MIN_GAP_MS)
          throw new TooMany(BACKUP_TOO_SOON);
        return create("manual");
      }),
    /**
     * The scheduled job's run (hourly): a backup when the configured frequency says one is due,
     * then the oldest scheduled ones past `keep` go.
     */
    runScheduled: () =>
      oneAtATime(async () => {
        const every = await frequency();
        const last = (await list()).find((backup) => backup.trigger === "scheduled");
        const due = backupDue(every, last ? new Date(last.createdAt) : null, now());
        const made = due ? (await create("scheduled")).backup : null;
        const pruned = await prune();
        return { frequency: every, created: made?.name ?? null, pruned };
      }),
  };
}

export type BackupService = ReturnType<typeof backupService>;
