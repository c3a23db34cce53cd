import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres, pgliteOptions } from "../db/client";
import { databaseName, databaseUrlFor, TEMPLATE_DATABASE } from "./postgres-url";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database per engine once; each test file then starts from a copy:
 * PGlite loads a dumped data directory, PostgreSQL clones a template database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const client = await PGlite.create(pgliteOptions);
  const database = openPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir("none");
  const templatePath = path.join(os.tmpdir(), `aip-pglite-template-${process.pid}.tar`);
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplatePath", templatePath);

  const serverUrl = process.env.TEST_DATABASE_URL;
  databaseName(TEMPLATE_DATABASE);
  project.provide("postgresTemplate", serverUrl ? TEMPLATE_DATABASE : null);
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = openPostgres(databaseUrlFor(serverUrl, TEMPLATE_DATABASE), 1);
    await template.migrate();
    await template.close();
  }

  return async () => {
    if (!serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.end();
  };
}
