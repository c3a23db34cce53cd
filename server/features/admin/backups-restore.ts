import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { pgliteOptions } from "../../db/client";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest } from "./backups";
import { extractArchive } from "./backups-archive";
import { runSqlDump } from "./backups-sql";

/**
 * Puts a backup (backups.ts) back: `npm run restore -- FILE` (scripts/restore.ts). Only into
 * an empty data directory, and on PostgreSQL an empty database: a restore never mixes with or
 * overwrites live data. Refusals are RestoreRefused, with a message saying what to do.
 */

export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

export type RestoreOptions = {
  file: string;
  dataDir: string;
  /** Set: restore into this (empty) PostgreSQL database; unset: into DATA_DIR's embedded database. */
  databaseUrl?: string | undefined;
  log?: (line: string) => void;
};

export type RestoreReport = {
  engine: "pglite" | "postgres";
  takenAt: string;
  files: number;
  /** Rows found in the restored database, as a check that the data is there. */
  counts: { users: number; workspaces: number; calls: number; contacts: number };
};

const COUNTS_SQL = `select (select count(*) from users)::int as users,
  (select count(*) from workspaces)::int as workspaces,
  (select count(*) from calls)::int as calls,
  (select count(*) from contacts)::int as contacts`;

async function isEmptyDir(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  if (!(await stat(dir)).isDirectory())
    throw new RestoreRefused(`DATA_DIR (${dir}) is a file, not a folder.`);
  return (await readdir(dir)).length === 0;
}

async function tablesIn(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
  );
  return result.rows[0]?.n ?? 0;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const log = options.log ?? (() => undefined);
  const file = path.resolve(options.file);
  const dataDir = path.resolve(options.dataDir);
  if (!existsSync(file) || !(await stat(file)).isFile())
    throw new RestoreRefused(`There is no backup file at ${file}.`);
  if (!(await isEmptyDir(dataDir)))
    throw new RestoreRefused(
      `DATA_DIR (${dataDir}) is not empty: a backup is restored only into an empty data directory. ` +
        "Point DATA_DIR at a new folder, or move this one's contents away first.",
    );

  let client: pg.Client | undefined;
  if (options.databaseUrl) {
    client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    const tables = await tablesIn(client).catch(async (error) => {
      await client?.end();
      throw error;
    });
    if (tables > 0) {
      await client.end();
      throw new RestoreRefused(
        `The database at DATABASE_URL is not empty (${tables} tables or sequences): a backup is restored ` +
          "only into an empty database. Create a new one (for example createdb ai_platform_restored) and point DATABASE_URL at it.",
      );
    }
  }

  await mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restore-${randomBytes(4).toString("hex")}`);
  let done = false;
  try {
    log(`Reading ${file} ...`);
    await extractArchive(file, staging);
    const manifest = await readManifest(staging);
    log(
      `Backup of ${manifest.createdAt} (${manifest.engine}, app ${manifest.appVersion}, ${manifest.files} files)`,
    );

    let counts: RestoreReport["counts"];
    if (manifest.engine === "postgres") {
      if (!client)
        throw new RestoreRefused(
          "This backup was taken from a PostgreSQL server: set DATABASE_URL to an empty database to restore it into.",
        );
      log("Creating the tables (the backup's migrations) ...");
      await migrate(drizzle({ client }), { migrationsFolder: path.join(staging, "migrations") });
      log("Loading the data ...");
      await runSqlDump(client, path.join(staging, manifest.database));
      counts = (await client.query<RestoreReport["counts"]>(COUNTS_SQL)).rows[0]!;
    } else {
      if (client)
        throw new RestoreRefused(
          "This backup holds an embedded database (PGlite): restore it without DATABASE_URL, into an empty DATA_DIR.",
        );
      log("Loading the embedded database ...");
      const dump = await readFile(path.join(staging, manifest.database));
      const { PGlite } = await import("@electric-sql/pglite");
      const db = await PGlite.create(path.join(dataDir, "pgdata"), {
        ...pgliteOptions,
        loadDataDir: new Blob([dump]),
      });
      try {
        counts = (await db.query<RestoreReport["counts"]>(COUNTS_SQL)).rows[0]!;
      } finally {
        await db.close();
      }
    }

    log("Putting the files back ...");
    const filesDir = path.join(staging, "files");
    for (const entry of await readdir(filesDir).catch(() => [] as string[]))
      await rename(path.join(filesDir, entry), path.join(dataDir, entry));
    done = true;
    return { engine: manifest.engine, takenAt: manifest.createdAt, files: manifest.files, counts };
  } finally {
    await rm(staging, { recursive: true, force: true });
    // A restore that failed half-way leaves the data directory and the database as empty as it
    // found them (both were checked empty above), so it can simply be run again.
    if (!done) {
      for (const entry of await readdir(dataDir).catch(() => [] as string[]))
        await rm(path.join(dataDir, entry), { recursive: true, force: true });
      if (client) await emptyDatabase(client).catch(() => undefined);
    }
    await client?.end();
  }
}

/** Drops what a failed restore created in a database that was empty before it. */
async function emptyDatabase(client: pg.Client): Promise<void> {
  await client.query("rollback").catch(() => undefined);
  await client.query("drop schema if exists drizzle cascade");
  const objects = await client.query<{ kind: string; name: string }>(
    `select case c.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'materialized view' else 'table' end as kind,
            quote_ident(c.relname) as name
       from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S')
     union all
     select 'function', p.oid::regprocedure::text from pg_proc p where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  for (const { kind, name } of objects.rows)
    await client.query(`drop ${kind} if exists public.${name.replace(/^public\./, "")} cascade`);
}

async function readManifest(staging: string): Promise<BackupManifest> {
  const text = await readFile(path.join(staging, "manifest.json"), "utf8").catch(() => null);
  const manifest = text ? (JSON.parse(text) as BackupManifest) : null;
  if (manifest?.format !== BACKUP_FORMAT)
    throw new RestoreRefused("This file is not an AI Platform backup (it has no backup manifest).");
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION)
    throw new RestoreRefused(
      `This backup was written by a newer version of the app (format ${manifest.formatVersion}): update the app first.`,
    );
  return manifest;
}
