import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { WorkspaceRole } from "../common/workspaces";
import type { Config } from "./config";
import { resolveAppSecret } from "./crypto/secret-box";
import type { Database } from "./db/client";
import { defaultClassifier } from "./engine";
import { type EventBus, localEventBus } from "./events/bus";
import { aiSettingsRoutes } from "./features/ai-settings/routes";
import { appointmentRoutes } from "./features/appointments/routes";
import { loggedAccountNotices } from "./features/auth/notices";
import { authRepository } from "./features/auth/repository";
import { authRoutes } from "./features/auth/routes";
import { type AuthService, authService } from "./features/auth/service";
import { billingRoutes } from "./features/billing/routes";
import { type BillingService, billingService } from "./features/billing/service";
import { businessRoutes } from "./features/business/routes";
import { calendarRoutes } from "./features/calendar/routes";
import { callRoutes } from "./features/calls/routes";
import { type CallService, callService } from "./features/calls/service";
import { createUnderstand } from "./features/calls/understand";
import { eventRoutes } from "./features/events/routes";
import { healthRoutes } from "./features/health/routes";
import { speechRoutes } from "./features/speech/routes";
import { telephonyRoutes, telephonyWebhookRoutes } from "./features/telephony/routes";
import { type TelephonyService, telephonyService } from "./features/telephony/service";
import { type UsageService, usageService, withUsageLimits } from "./features/usage/service";
import { userRoutes } from "./features/user/routes";
import { voiceRoutes } from "./features/voice/routes";
import { type VoiceService, voiceService } from "./features/voice/service";
import { voiceCallRoutes } from "./features/voice-calls/routes";
import { workspaceDirectory } from "./features/workspaces/directory";
import { workspaceRoutes } from "./features/workspaces/routes";
import { type WorkspaceService, workspaceService } from "./features/workspaces/service";
import { serveClient } from "./http/client-assets";
import { registerErrorHandling } from "./http/error-handler";
import { registerGuards } from "./http/guards";
import { isHttps } from "./http/session-cookie";
import { createLanguageModel } from "./providers/llm";
import { createPaymentsProvider } from "./providers/payments";
import { createSpeechProvider, type SpeechToText } from "./providers/speech";
import { createVoiceProviders } from "./providers/voice";

export type AppDeps = {
  config: Config;
  database: Database;
  auth: AuthService;
  calls: CallService;
  events: EventBus;
  speech: SpeechToText | null;
  /** Plans, the subscription, checkout and plan gating (server/http/plan-gate.ts). */
  billing: BillingService;
  /** Monthly limits: telephony asks usage.callStop(user) before screening a call. */
  usage: UsageService;
  voice: VoiceService;
  /** Phone calls: Twilio or the built-in carrier simulator (features/telephony). */
  telephony: TelephonyService;
  /** The server's clock (tests move it); absent means the real one. */
  now?: () => Date;
};

export type BuildOptions = {
  config: Config;
  database: Database;
  /** Live events; defaults to this process only (main.ts passes the PostgreSQL bus when DATABASE_URL is set). */
  events?: EventBus;
  /** Replaces the configured speech provider (tests). */
  speech?: SpeechToText | null;
  /** The server's clock (tests move it). */
  now?: () => Date;
};

/** Every registered route, for the tests that walk the route table (isolation, auth). */
export type RouteEntry = { method: string; url: string; isPublic: boolean; role: WorkspaceRole | undefined };

declare module "fastify" {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** Periodic clean-up: expired sessions, old rate-limit windows, live calls left idle. */
    housekeeping(): Promise<void>;
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
      });
    }
  });

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  await app.register(fastifyHelmet, {
    // HSTS only means something over HTTPS; it is added below when the request came that way.
    hsts: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  app.addHook("onSend", async (request, reply) => {
    if (isHttps(request, config))
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  });

  const directory = workspaceDirectory(database.db);
  // Sessions and teams need each other's answers: the auth area checks invitations at sign-up,
  // and the teams area ends and moves sessions. `teams` is assigned right below.
  let teams: WorkspaceService | undefined;
  const team = () => {
    if (!teams) throw new Error("the teams service is not built yet");
    return teams;
  };
  const auth = authService(authRepository(database.db), config, {
    notices: loggedAccountNotices(app.log),
    directory,
    checkInvitation: (token, email) => team().checkInvitation(token, email),
    redeemInvitation: (tx, input) => team().redeemOnSignup(tx, input),
  });
  teams = workspaceService({ db: database.db, sessions: auth, ...(options.now ? { now: options.now } : {}) });
  const events = options.events ?? localEventBus();
  const understand = createUnderstand({
    classifier: defaultClassifier,
    llm: createLanguageModel(config),
    log: app.log,
  });
  const clock = options.now ? { now: options.now } : {};
  const billing = billingService({
    db: database.db,
    // Warns at start when a production server sells through the test checkout, or sells nothing.
    payments: createPaymentsProvider(config, app.log),
    publicUrl: config.publicUrl,
    log: app.log,
    ...clock,
  });
  const usage = usageService({ db: database.db, billing, events, ...clock });
  // The plan's monthly limits stand in front of the engine (see features/usage/service.ts).
  const calls = withUsageLimits(
    callService({
      db: database.db,
      events,
      understand,
      streamRows: database.streamRows,
      idleCallMinutes: config.idleCallMinutes,
      accounts: directory,
      ...clock,
    }),
    { db: database.db, billing, events, usage, ...clock },
  );
  const voice = voiceService({
    db: database.db,
    dataDir: config.dataDir,
    providers: createVoiceProviders(config),
    log: app.log,
  });
  const speech = options.speech !== undefined ? options.speech : await createSpeechProvider(config);
  const telephony = telephonyService({
    db: database.db,
    config,
    calls,
    events,
    usage,
    log: app.log,
    accounts: directory,
    appSecret: resolveAppSecret({ appSecret: config.appSecret, dataDir: config.dataDir, env: config.env }),
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
  });
  const deps: AppDeps = {
    config,
    database,
    auth,
    calls,
    events,
    speech,
    billing,
    usage,
    voice,
    telephony,
    ...clock,
  };
  app.decorate("housekeeping", async () => {
    // Each part runs even when another fails; the first failure is reported.
    const results = await Promise.allSettled([auth.housekeeping(), calls.endIdleCalls()]);
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  });

  registerErrorHandling(app);
  registerGuards(app, config, auth);

  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(callRoutes, deps);
  await app.register(appointmentRoutes, deps);
  await app.register(calendarRoutes, deps);
  await app.register(eventRoutes, deps);
  await app.register(aiSettingsRoutes, deps);
  await app.register(billingRoutes, deps);
  await app.register(voiceRoutes, deps);
  await app.register(speechRoutes, deps);
  await app.register(businessRoutes, deps);
  await app.register(telephonyRoutes, deps);
  await app.register(telephonyWebhookRoutes, deps);
  await app.register(voiceCallRoutes, deps);
  await app.register(workspaceRoutes, { config, workspaces: teams });

  await serveClient(app, config.clientDir);
  return app;
}
