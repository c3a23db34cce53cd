import { buildApp } from "./app";
import { startAudioTools } from "./audio/tools";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { localEventBus, postgresEventBus } from "./events/bus";
import { handleShutdownSignals } from "./shutdown";

async function main(): Promise<void> {
  const config = loadConfig();
  // Before the database makes this process large: the runner's fork then costs milliseconds.
  startAudioTools();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const events = config.databaseUrl ? await postgresEventBus(config.databaseUrl) : localEventBus();
  const app = await buildApp({ config, database, events });

  handleShutdownSignals({
    app,
    drainMs: config.shutdownDrainMs,
    closers: [() => events.close(), () => database.close()],
    log: app.log,
  });

  await app.listen({ port: config.port, host: config.host });
  const where =
    database.engine === "pglite" ? `embedded PostgreSQL in ${config.dataDir}` : "PostgreSQL server";
  app.log.info(`AI Platform ${config.version} on http://localhost:${config.port} (${where})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
