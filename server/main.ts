import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { localEventBus, postgresEventBus } from "./events/bus";

const HOUSEKEEPING_INTERVAL_MS = 15 * 60 * 1000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const events = config.databaseUrl ? await postgresEventBus(config.databaseUrl) : localEventBus();
  const app = await buildApp({ config, database, events });

  const housekeeping = setInterval(() => {
    app.housekeeping().catch((error: unknown) => app.log.warn({ err: error }, "housekeeping failed"));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    clearInterval(housekeeping);
    // Stop taking requests, let in-flight ones finish, then close the database so PGlite flushes.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await events.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  const where =
    database.engine === "pglite" ? `embedded PostgreSQL in ${config.dataDir}` : "PostgreSQL server";
  app.log.info(`AI Platform ${config.version} on http://localhost:${config.port} (${where})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
