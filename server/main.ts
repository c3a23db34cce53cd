import { buildApp } from "./app";
import { startAudioTools } from "./audio/tools";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { localEventBus, postgresEventBus } from "./events/bus";
import { handleShutdownSignals } from "./shutdown";

// Every minute: the idle-call sweep ends a call within a minute of IDLE_CALL_MINUTES; the other
// clean-ups are a couple of indexed deletes.
const HOUSEKEEPING_INTERVAL_MS = 60 * 1000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Before the database makes this process large: the runner's fork then costs milliseconds.
  startAudioTools();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const events = config.databaseUrl ? await postgresEventBus(config.databaseUrl) : localEventBus();
  const app = await buildApp({ config, database, events });

  const housekeeping = setInterval(() => {
    app.housekeeping().catch((error: unknown) => app.log.warn({ err: error }, "housekeeping failed"));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  handleShutdownSignals({
    app,
    drainMs: config.shutdownDrainMs,
    onStop: () => clearInterval(housekeeping),
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
