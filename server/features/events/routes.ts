import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CallEvent } from "../../../common/calls";
import type { BusEvent, EventBus } from "../../events/bus";

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: the account's live events as server-sent events. The browser's EventSource
 * reconnects by itself; the screens keep polling as a fallback.
 */
export const eventRoutes: FastifyPluginAsyncZod<{ events: EventBus }> = async (app, deps) => {
  // Open streams never end by themselves: they must be closed before Fastify waits for its
  // connections to drain (preClose), or shutting down would wait for every open browser tab.
  const open = new Set<() => void>();
  app.addHook("preClose", async () => {
    for (const close of open) close();
  });

  // The stream ends with its session: a member signed out, removed or suspended hears no more.
  app.get("/api/events", { config: { role: "agent", endsWithSession: true } }, async (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.write("retry: 3000\n\n");
    const send = (event: BusEvent) => {
      // Only a workspace's own live events go to its browsers (cache invalidations never do).
      if (event.type === "access.changed") return;
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event satisfies CallEvent)}\n\n`);
    };
    const unsubscribe = deps.events.subscribe(request.account.id, send);
    const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
    const close = () => {
      if (!open.delete(close)) return;
      clearInterval(heartbeat);
      unsubscribe();
      res.end();
    };
    open.add(close);
    // The response's close: the browser went away, or the session ended (see endsWithSession).
    res.on("close", close);
  });
};
