import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { projectPath } from "./paths";

const csv = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAILS: csv,
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** The per-account API limit (the admin's apiRateLimit); "off" for load tests and the test suite. */
  API_RATE_LIMIT: z.enum(["on", "off"]).default("on"),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(7),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().positive().max(600).default(10),
  IDLE_CALL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  EXPORT_CHUNK_ROWS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default("gpt-4o-mini"),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  SPEECH_BASE_URL: z.url().optional(),
  SPEECH_API_KEY: z.string().optional(),
  SPEECH_MODEL: z.string().default("whisper-1"),
  SPEECH_LOCAL: z.enum(["auto", "off"]).default("auto"),
  SPEECH_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(5000),
  APP_SECRET: z.string().min(16, "APP_SECRET must be at least 16 characters").optional(),
  TWILIO_API_BASE_URL: z.url().optional(),
  TWILIO_VOICE: z.string().default("Polly.Joanna"),
  TWILIO_HOLD_MUSIC_URL: z
    .url()
    .default("http://com.twilio.sounds.music.s3.amazonaws.com/MARKOVICHAMP-Borghestral.mp3"),
  SIMULATOR_TIME_SCALE: z.coerce.number().positive().max(100).default(1),
  CALLING_UNKNOWN_ZONE: z
    .string()
    .refine(
      (zone) => {
        try {
          new Intl.DateTimeFormat("en-US", { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      },
      { message: "CALLING_UNKNOWN_ZONE must be a time zone name such as America/New_York" },
    )
    .optional(),
  TWILIO_TURN_DEADLINE_MS: z.coerce.number().int().min(100).max(10_000).default(600),
  PAYMENTS_PROVIDER: z.enum(["local", "stripe", "none"]).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE_URL: z.url().optional(),
  STRIPE_PRICE_BASIC: z.string().optional(),
  STRIPE_PRICE_PRO: z.string().optional(),
  STRIPE_PRICE_PREMIUM: z.string().optional(),
  STRIPE_PRICE_PERSONAL: z.string().optional(),
  STRIPE_PRICE_BUSINESS: z.string().optional(),
  VOICE_API_KEY: z.string().optional(),
  VOICE_API_BASE_URL: z.url().default("https://api.elevenlabs.io"),
  VOICE_MODEL: z.string().default("eleven_multilingual_v2"),
  VOICE_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
  LEAD_SEARCH_PROVIDER: z.enum(["osm", "serpapi", "simulated"]).optional(),
  SERPAPI_API_KEY: z.string().optional(),
  SERPAPI_URL: z.url().default("https://serpapi.com"),
  NOMINATIM_URL: z.url().default("https://nominatim.openstreetmap.org"),
  OVERPASS_URL: z.url().default("https://overpass-api.de/api/interpreter"),
  LEAD_SEARCH_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(30_000),
  SMTP_URL: z.string().optional(),
  /** SMTP connections kept open at once (nodemailer's pool), and messages each carries before it is renewed. */
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SMTP_MAX_MESSAGES: z.coerce.number().int().min(1).max(100_000).default(1000),
  MAIL_FROM: z.string().default("AI Platform <no-reply@localhost>"),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  adminEmails: string[];
  trustProxy: boolean;
  logLevel: string;
  authRateLimitPerMinute: number;
  /** Whether the admin's apiRateLimit (requests a minute per account) is enforced on this server. */
  apiRateLimitEnforced: boolean;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** On SIGTERM, how long requests already received may take to finish before they are cut. */
  shutdownDrainMs: number;
  /** A live call with no turn, hold or transfer for this long is ended by the housekeeping sweep. */
  idleCallMinutes: number;
  /** Contacts per COPY statement in the contacts exports; by the database engine when absent. */
  exportChunkRows: number | undefined;
  clientDir: string;
  version: string;
  llm: { baseUrl: string | undefined; apiKey: string | undefined; model: string; timeoutMs: number };
  speech: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    disableLocal: boolean;
    /** A recorded turn's recognition is given up (the recogniser killed) after this long. */
    timeoutMs: number;
  };
  /** Encrypts secrets at rest (server/crypto); a random one in DATA_DIR/app-secret when unset. */
  appSecret: string | undefined;
  telephony: {
    /** Tests point the official Twilio client at a local server that answers like Twilio's API. */
    twilioApiBaseUrl: string | undefined;
    /** The <Say> voice when the account has not chosen one. */
    defaultVoice: string;
    holdMusicUrl: string;
    /** The carrier simulator's clock: 0.01 runs its pauses 100 times faster (tests). */
    simulatorTimeScale: number;
    /**
     * The zone to assume for a callee whose time zone nothing tells (CALLING_UNKNOWN_ZONE); null:
     * such a number is not dialled, since its calling hours cannot be checked.
     */
    unknownZoneAssumed: string | null;
    /**
     * How long a speech webhook waits for the caller's turn before answering "pause, then ask
     * again" (Twilio waits 15 s at most; a caller notices about a second of silence).
     */
    turnDeadlineMs: number;
  };
  payments: {
    /**
     * Who sells the paid plans: Stripe, the built-in test checkout (no card is charged), or
     * nobody ("none": checkout answers that payments are not set up).
     */
    provider: "local" | "stripe" | "none";
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    /** Tests point the official client at a local server that speaks Stripe's API. */
    stripeApiBaseUrl: string | undefined;
    /** Stripe price ids by plan; a plan without one is sold with an inline monthly price. */
    stripePrices: Partial<Record<"basic" | "pro" | "premium" | "personal" | "business", string>>;
  };
  voice: { apiKey: string | undefined; baseUrl: string; model: string; timeoutMs: number };
  /** Lead generation's business search (server/providers/lead-search). */
  leadSearch: {
    /**
     * OpenStreetMap (Nominatim + Overpass, no key: the default), SerpAPI's Google Maps engine
     * (when its key is set), or made-up businesses for tests ("simulated", the tests' default).
     */
    provider: "osm" | "serpapi" | "simulated";
    serpApiKey: string | undefined;
    serpApiUrl: string;
    nominatimUrl: string;
    overpassUrl: string;
    /** One request to the provider is given up after this long. */
    timeoutMs: number;
    /** The satellite dealer search waits this long between cities. */
    dealerSpacingMs: number;
  };
  /** Email marketing's transport (server/providers/mail): SMTP when SMTP_URL is set, else DATA_DIR/outbox. */
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /** SMTP_POOL_SIZE and SMTP_MAX_MESSAGES (providers/mail/smtp.ts); its defaults when absent. */
    pool?: { connections: number; messagesPerConnection: number };
  };
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Parses the environment once; nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    adminEmails: e.ADMIN_EMAILS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    apiRateLimitEnforced: e.API_RATE_LIMIT === "on",
    sessionIdleMs: e.SESSION_IDLE_DAYS * DAY_MS,
    sessionMaxMs: e.SESSION_MAX_DAYS * DAY_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    idleCallMinutes: e.IDLE_CALL_MINUTES,
    exportChunkRows: e.EXPORT_CHUNK_ROWS,
    clientDir: projectPath("dist/client"),
    version: packageVersion(),
    llm: {
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY || undefined,
      model: e.LLM_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
    },
    speech: {
      baseUrl: e.SPEECH_BASE_URL,
      apiKey: e.SPEECH_API_KEY || undefined,
      model: e.SPEECH_MODEL,
      disableLocal: e.SPEECH_LOCAL === "off",
      timeoutMs: e.SPEECH_TIMEOUT_MS,
    },
    appSecret: e.APP_SECRET || undefined,
    telephony: {
      twilioApiBaseUrl: e.TWILIO_API_BASE_URL?.replace(/\/$/, ""),
      defaultVoice: e.TWILIO_VOICE,
      holdMusicUrl: e.TWILIO_HOLD_MUSIC_URL,
      simulatorTimeScale: e.SIMULATOR_TIME_SCALE,
      unknownZoneAssumed: e.CALLING_UNKNOWN_ZONE ?? null,
      turnDeadlineMs: e.TWILIO_TURN_DEADLINE_MS,
    },
    payments: {
      // Stripe when its key is set (or asked for by name). Without it, the test checkout in
      // development and tests; a production server sells nothing until PAYMENTS_PROVIDER=local
      // asks for the test checkout by name (it would give every plan away).
      provider:
        e.PAYMENTS_PROVIDER ??
        (e.STRIPE_SECRET_KEY ? "stripe" : e.NODE_ENV === "production" ? "none" : "local"),
      stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
      stripeApiBaseUrl: e.STRIPE_API_BASE_URL,
      stripePrices: {
        basic: e.STRIPE_PRICE_BASIC || undefined,
        pro: e.STRIPE_PRICE_PRO || undefined,
        premium: e.STRIPE_PRICE_PREMIUM || undefined,
        personal: e.STRIPE_PRICE_PERSONAL || undefined,
        business: e.STRIPE_PRICE_BUSINESS || undefined,
      },
    },
    voice: {
      apiKey: e.VOICE_API_KEY || undefined,
      baseUrl: e.VOICE_API_BASE_URL.replace(/\/$/, ""),
      model: e.VOICE_MODEL,
      timeoutMs: e.VOICE_TIMEOUT_MS,
    },
    leadSearch: {
      // Tests never reach the public servers unless they point a provider at a fake of their own.
      provider:
        e.LEAD_SEARCH_PROVIDER ??
        (e.SERPAPI_API_KEY ? "serpapi" : e.NODE_ENV === "test" ? "simulated" : "osm"),
      serpApiKey: e.SERPAPI_API_KEY || undefined,
      serpApiUrl: e.SERPAPI_URL.replace(/\/$/, ""),
      nominatimUrl: e.NOMINATIM_URL.replace(/\/$/, ""),
      overpassUrl: e.OVERPASS_URL,
      timeoutMs: e.LEAD_SEARCH_TIMEOUT_MS,
      dealerSpacingMs: 3000,
    },
    mail: {
      smtpUrl: e.SMTP_URL || undefined,
      from: e.MAIL_FROM,
      pool: { connections: e.SMTP_POOL_SIZE, messagesPerConnection: e.SMTP_MAX_MESSAGES },
    },
    ...overrides,
  };
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(projectPath("package.json"), "utf8")) as {
    version: string;
  };
  return pkg.version;
}
