import type { FastifyInstance } from "fastify";

/** How often idle keep-alive connections are closed while draining. */
const IDLE_SWEEP_MS = 100;
/**
 * After the drain's deadline, how long closing the rest may take before the process just exits:
 * more than the jobs queue gives its running jobs to hand back (10 s, jobs/queue.ts) plus the
 * embedded database's own close, so the timer only ever catches a real hang. It was 5 s, shorter
 * than the jobs' own deadline, and a loaded machine exited with 1 mid-close.
 */
const CLOSE_GRACE_MS = 15_000;

type Log = Pick<FastifyInstance["log"], "info" | "warn" | "error">;

/**
 * Stops the server without dropping what it already received, on SIGTERM or SIGINT:
 *
 * 1. The listening socket closes at once: new connections are refused, so a load balancer or
 *    an orchestrator moves on to another instance.
 * 2. Requests already received are answered. Those in flight run to their end (a slow upload
 *    included); one arriving on an open keep-alive connection gets Fastify's 503 with
 *    `Connection: close`; live event streams are ended (their preClose hook in
 *    features/events), since they never end by themselves.
 * 3. Keep-alive connections are closed as soon as they go idle. Node closes only those idle when
 *    the server stops listening; a browser's connection that goes idle after its last answer
 *    would otherwise hold the drain open for the whole keep-alive timeout.
 * 4. At `drainMs` whatever is still open is cut, so a stuck client cannot hold the stop.
 * 5. Then `closers` run (the event bus, the database): the embedded database writes its files
 *    when closed, so this step is never skipped by a timer, only bounded by CLOSE_GRACE_MS.
 *
 * A second signal exits at once.
 */
export function handleShutdownSignals(options: {
  app: FastifyInstance;
  drainMs: number;
  closers: (() => Promise<void>)[];
  log: Log;
  /** Called before the drain starts (timers that would start new work). */
  onStop?: () => void;
  exit?: (code: number) => void;
}): void {
  const { app, drainMs, closers, log } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;

  const stop = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, "second signal: exiting without waiting");
      exit(1);
      return;
    }
    stopping = true;
    const started = Date.now();
    log.info({ signal, drainMs }, "shutting down: no new connections, answering those received");
    options.onStop?.();

    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    let cut = false;
    const deadline = setTimeout(() => {
      cut = true;
      log.warn({ drainMs }, "drain deadline reached: closing the connections still open");
      app.server.closeAllConnections();
    }, drainMs);
    const lastResort = setTimeout(() => {
      log.error("shutdown did not finish in time: exiting");
      exit(1);
    }, drainMs + CLOSE_GRACE_MS);
    lastResort.unref();

    let code = 0;
    try {
      await app.close();
    } catch (error) {
      log.error({ err: error }, "closing the HTTP server failed");
      code = 1;
    } finally {
      clearInterval(sweep);
      clearTimeout(deadline);
    }
    for (const close of closers) {
      try {
        await close();
      } catch (error) {
        log.error({ err: error }, "closing a resource failed");
        code = 1;
      }
    }
    log.info({ ms: Date.now() - started, cutConnections: cut }, "shut down");
    exit(code);
  };

  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
