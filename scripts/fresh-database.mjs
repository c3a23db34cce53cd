// Empties the PostgreSQL database DATABASE_URL names (drops and creates it again), for a run of
// the browser tests on PostgreSQL (playwright.config.ts, E2E_DATABASE_URL). Only for databases a
// test run owns: everything in it is lost.
import pg from "pg";

const url = new URL(process.env.DATABASE_URL ?? "");
const name = decodeURIComponent(url.pathname.slice(1));
if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
  console.error(`fresh-database: "${name}" is not a plain database name`);
  process.exit(1);
}
url.pathname = "/postgres";
const admin = new pg.Client({ connectionString: url.toString() });
await admin.connect();
try {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
} finally {
  await admin.end();
}
