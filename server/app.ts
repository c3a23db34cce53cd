import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { WorkspaceRole } from "../common/workspaces";
import { composeServices, type Services } from "./composition";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { type EventBus, localEventBus } from "./events/bus";
import { registerMaintenanceMode } from "./features/admin/maintenance";
import type { Area } from "./features/area";
import { serveClient } from "./http/client-assets";
import { registerErrorHandling } from "./http/error-handler";
import { registerGuards } from "./http/guards";
import { registerApiRateLimit } from "./http/rate-limit";
import { registerSecurityHeaders } from "./http/security-headers";
import { createSpeechProvider, type SpeechToText } from "./providers/speech";

export type BuildOptions = {
  config: Config;
  database: Database;
  /** Live events; defaults to this process only (main.ts passes the PostgreSQL bus when DATABASE_URL is set). */
  events?: EventBus;
  /** Replaces the configured speech provider (tests). */
  speech?: SpeechToText | null;
  /** The server's clock (tests move it). */
  now?: () => Date;
  /** Periodic clean-ups run as scheduled jobs (default); tests that move the clock turn them off. */
  schedules?: boolean;
  /** The simulated caller's recorded voice (tests); by default espeak-ng speaks their words. */
  simulatorVoice?: (text: string) => Promise<Buffer>;
  /** The areas (features/areas.ts's list unless a test adds one). */
  areas?: readonly Area[];
};

/** Every registered route, for the tests that walk the route table (isolation, auth). */
export type RouteEntry = {
  method: string;
  url: string;
  isPublic: boolean;
  role: WorkspaceRole | undefined;
  /** Only users.role = admin may use it. */
  platformAdmin: boolean;
};

declare module "fastify" {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** Periodic clean-up: expired sessions, old rate-limit windows, live calls left idle. */
    housekeeping(): Promise<void>;
    /** The services built by the composition root (tests and background work reach them here). */
    services: Services;
  }
}

const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    // A signed unsubscribe link carries the workspace and the address (up to 254 characters).
    routerOptions: { maxParamLength: 512 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routeTable: RouteEntry[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD" || !route.url.startsWith("/api/")) continue;
      routeTable.push({
        method,
        url: route.url,
        isPublic: Boolean(route.config?.public),
        role: route.config?.role,
        platformAdmin: Boolean(route.config?.platformAdmin),
      });
    }
  });

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  registerSecurityHeaders(app, config);

  const speech = options.speech !== undefined ? options.speech : await createSpeechProvider(config);
  const services = composeServices({
    config,
    database,
    events: options.events ?? localEventBus(),
    speech,
    log: app.log,
    now: options.now,
    schedules: options.schedules,
    simulatorVoice: options.simulatorVoice,
    areas: options.areas,
    // The simulator reaches the webhooks through Fastify's full request path, without a socket.
    async deliver(url, params, signature) {
      const target = new URL(url);
      const response = await app.inject({
        method: "POST",
        url: `${target.pathname}${target.search}`,
        headers: {
          host: target.host,
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": signature,
        },
        payload: new URLSearchParams(params).toString(),
      });
      return { status: response.statusCode, body: response.body };
    },
    // ... and fetches a <Play>'s audio the same way, as Twilio's unsigned GET.
    async fetchAudio(url) {
      const target = new URL(url);
      const response = await app.inject({
        method: "GET",
        url: `${target.pathname}${target.search}`,
        headers: { host: target.host },
      });
      return {
        status: response.statusCode,
        contentType: String(response.headers["content-type"] ?? ""),
        bytes: response.rawPayload.length,
      };
    },
  });
  app.decorate("services", services);
  // Background jobs run while the server does: started once it is ready, stopped (running jobs
  // handed back to the queue) when it closes, before the database does.
  app.addHook("onReady", async () => {
    // Simulated calls left live by a process that died are over (see endCallsCutOffByRestart).
    const ended = await services.telephony.endCallsCutOffByRestart(database.engine === "pglite");
    if (ended) app.log.warn({ ended }, "ended simulated calls cut off by the last restart");
    await services.jobs.start();
  });
  app.addHook("onClose", () => services.jobs.stop());
  app.addHook("onClose", () => services.mailTransport.close());
  const { auth, calls } = services;
  app.decorate("housekeeping", async () => {
    // Each part runs even when another fails; the first failure is reported.
    const results = await Promise.allSettled([auth.housekeeping(), calls.endIdleCalls()]);
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  });

  registerErrorHandling(app);
  registerGuards(app, config, auth);
  // The administrator's settings that every request meets, after the guards
  // so the person is known: maintenance mode (503 to all but administrators), the API limit.
  const platform = services.platformConfig.reader;
  registerMaintenanceMode(app, platform);
  if (config.apiRateLimitEnforced)
    registerApiRateLimit(app, { limit: async () => (await platform.get()).apiRateLimit });
  // The admin's error-rate check counts every answer this server sends.
  app.addHook("onResponse", async (_request, reply) => services.admin.errors.count(reply.statusCode));

  // Each area registers its own routes (features/<area>/module.ts, listed in features/areas.ts),
  // taking from the services only what it uses.
  const context = { services, config, database, speech, platform };
  for (const area of services.areas) await area.registerRoutes(app, context);

  await serveClient(app, config.clientDir);
  return app;
}
