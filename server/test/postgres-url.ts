/**
 * One template per test run (named after the run's process), so two runs on one PostgreSQL
 * server (two terminals, or CI beside a developer) never drop each other's template.
 */
export const TEMPLATE_DATABASE = `aip_test_template_${process.pid}`;

/**
 * CREATE and DROP DATABASE take no bind parameters, so a database name goes into the SQL text.
 * The names are the tests' own (a fixed prefix and random hex or the process id), never input;
 * this check keeps it that way.
 */
export function databaseName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`Refusing database name ${JSON.stringify(name)}`);
  return name;
}

/** The same server URL pointing at another database. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
