import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openPglite, openPostgres, pgliteOptions } from "../db/client";
import { databaseName, databaseUrlFor } from "./postgres-url";

/**
 * A fresh, migrated database for one test file: a PGlite copy of the template by default,
 * or a new database cloned from the template on the server named by TEST_DATABASE_URL.
 */
export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (serverUrl && template) return clonePostgres(serverUrl, template);

  const dump = await readFile(inject("pgliteTemplatePath"));
  const client = await PGlite.create({ ...pgliteOptions, loadDataDir: new Blob([dump]) });
  return openPglite(client);
}

async function clonePostgres(serverUrl: string, template: string): Promise<Database> {
  const name = databaseName(`aip_test_${randomBytes(6).toString("hex")}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${databaseName(template)}`);
  await admin.end();
  const database = openPostgres(databaseUrlFor(serverUrl, name), 5);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
