import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { SignupRequest } from "../../common/auth";
import type { User } from "../../common/user";
import { buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import type { Database } from "../db/client";
import type { Area } from "../features/area";
import type { SpeechToText } from "../providers/speech";
import { freshDatabase } from "./database";

export const TEST_HOST = "app.test";
export const TEST_ORIGIN = `http://${TEST_HOST}`;

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A browser-like client with its own cookie jar. */
  client(): TestClient;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Registers extra routes before the app is sealed (e.g. one that throws, to test the 500 path). */
  extend?: (app: FastifyInstance) => void;
  /** The speech provider; by default none, so tests never depend on local recognisers. */
  speech?: SpeechToText | null;
  /** The server's clock. */
  now?: () => Date;
  /** The simulated caller's recorded voice (a voicemail); by default espeak-ng. */
  simulatorVoice?: (text: string) => Promise<Buffer>;
  /** The areas the app is built with (features/areas.ts's list unless a test adds one). */
  areas?: readonly Area[];
};

/** The environment every test app is configured from. */
const TEST_ENV = {
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  AUTH_RATE_LIMIT_PER_MINUTE: "1000",
  // The suites send thousands of requests a minute from one account; rate-limit.test.ts turns it on.
  API_RATE_LIMIT: "off",
  // Tests check what a turn answers, not how fast: on a loaded machine a local turn can pass
  // the 600 ms production deadline. deadline.test.ts sets it back to test the deadline itself.
  TWILIO_TURN_DEADLINE_MS: "10000",
};

/** Settings a test changes; a section (telephony, llm, ...) names only the fields it changes. */
export type ConfigOverrides = {
  [K in keyof Config]?: Config[K] extends unknown[]
    ? Config[K]
    : Config[K] extends Record<string, unknown>
      ? Partial<Config[K]>
      : Config[K];
};

/** The test configuration with the overrides laid over it, section by section. */
function testConfig(base: Partial<Config>, overrides: ConfigOverrides): Config {
  const config: Record<string, unknown> = { ...loadConfig(TEST_ENV, base) };
  const isSection = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
  for (const [key, value] of Object.entries(overrides)) {
    const current = config[key];
    config[key] =
      isSection(current) && isSection(value) ? { ...(current as object), ...(value as object) } : value;
  }
  return config as Config;
}

export async function createTestApp(
  overrides: ConfigOverrides = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  // Files an app writes (voice samples, the generated app secret) go to a folder of its own.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "aip-test-data-"));
  const config = testConfig({ clientDir: "/nonexistent", dataDir }, overrides);
  const app = await buildApp({
    config,
    database,
    speech: options.speech ?? null,
    ...(options.now ? { now: options.now } : {}),
    ...(options.simulatorVoice ? { simulatorVoice: options.simulatorVoice } : {}),
    ...(options.areas ? { areas: options.areas } : {}),
    // Tests run the clean-ups by hand (app.housekeeping), on their own clock.
    schedules: false,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    client: () =>
      new TestClient(app, browserAddress(config), async (email) => {
        await database.db.execute(
          sql`update users set email_verified_at = now() where lower(email) = lower(${email})`,
        );
      }),
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type RequestOptions = Omit<InjectOptions, "method" | "url" | "headers"> & {
  /** An undefined value removes a default header (e.g. no Origin, like a server-to-server caller). */
  headers?: Record<string, string | undefined>;
};

/** Sends requests the way a browser on our own origin would, keeping the session cookie. */
export class TestClient {
  cookies = new Map<string, string>();
  user: User | undefined;
  /** Each client is its own browser on its own network, as far as per-IP limits are concerned. */
  readonly ip = `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;

  constructor(
    private readonly app: FastifyInstance,
    /** The app's address as a browser sees it: PUBLIC_URL when set (see browserAddress). */
    private readonly address = { host: TEST_HOST, origin: TEST_ORIGIN },
    /** Confirms an address as its emailed link would (the tests cannot read the link's token). */
    private readonly confirmAddress?: (email: string) => Promise<void>,
  ) {}

  async request(method: string, url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await this.app.inject({
      method: method as InjectOptions["method"],
      url,
      remoteAddress: this.ip,
      ...options,
      payload: options.payload as InjectOptions["payload"],
      headers: withoutUndefined({
        host: this.address.host,
        ...(method === "GET" ? {} : { origin: this.address.origin }),
        ...(cookie ? { cookie } : {}),
        ...options.headers,
      }),
    });
    for (const set of response.cookies) {
      const expired = set.maxAge === 0 || (set.expires && set.expires.getTime() < Date.now());
      if (expired || set.value === "") this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request("GET", url, options);
  }
  post(url: string, payload?: unknown, options?: RequestOptions) {
    return this.request("POST", url, { ...options, payload: payload as RequestOptions["payload"] });
  }
  put(url: string, payload?: unknown, options?: RequestOptions) {
    return this.request("PUT", url, { ...options, payload: payload as RequestOptions["payload"] });
  }
  patch(url: string, payload?: unknown, options?: RequestOptions) {
    return this.request("PATCH", url, { ...options, payload: payload as RequestOptions["payload"] });
  }
  delete(url: string, options?: RequestOptions) {
    return this.request("DELETE", url, options);
  }

  /** Signs up a new account (unique by default) and keeps its session. */
  async signup(fields: Partial<SignupRequest> = {}): Promise<User> {
    const id = Math.random().toString(36).slice(2, 10);
    const details = {
      username: `user_${id}`,
      email: `user_${id}@example.com`,
      password: "correct horse battery",
      planType: "personal" as const,
      ...fields,
    };
    let response = await this.post("/api/auth/signup", details);
    let signedIn = response.statusCode === 201;
    // With email sending configured, sign-up waits for the emailed link: followed, then signed in.
    if (response.statusCode === 202 && this.confirmAddress) {
      await this.confirmAddress(details.email);
      response = await this.post("/api/auth/login", { login: details.email, password: details.password });
      signedIn = response.statusCode === 200;
    }
    if (!signedIn) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
    this.user = (response.json() as { user: User }).user;
    return this.user;
  }
}

/**
 * Where a browser reaches the app: at PUBLIC_URL when one is set (the same-origin guard then
 * accepts only that origin), otherwise at TEST_HOST.
 */
function browserAddress(config: Config): { host: string; origin: string } {
  if (!config.publicUrl) return { host: TEST_HOST, origin: TEST_ORIGIN };
  const url = new URL(config.publicUrl);
  return { host: url.host, origin: url.origin };
}

function randomOctet(): number {
  return Math.floor(Math.random() * 254) + 1;
}

function withoutUndefined(headers: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** A multipart/form-data body the way a browser's FormData sends it. */
export async function multipartBody(
  parts: { name: string; data: string | Uint8Array; type: string; filename?: string }[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    const bytes = typeof part.data === "string" ? new TextEncoder().encode(part.data) : part.data;
    form.append(part.name, new Blob([new Uint8Array(bytes)], { type: part.type }), part.filename ?? "blob");
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { "content-type": encoded.headers.get("content-type") ?? "multipart/form-data" },
  };
}
