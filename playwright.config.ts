import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 5173);
/**
 * Where this run's server keeps its files, and where the run writes its results. CI runs the suite
 * as two shards side by side, each with its own server, port, folders and database, so one shard's
 * platform-wide changes (maintenance mode, the administrator's settings) never reach the other's.
 */
const DATA_DIR = process.env.E2E_DATA_DIR ?? "test-results/e2e-data";
const OUTPUT_DIR = process.env.E2E_OUTPUT_DIR ?? "test-results/e2e";
/**
 * A PostgreSQL database the run may wipe (CI sets it when a server is running): the server then
 * keeps its data there instead of the embedded database, whose work would share the server's one
 * thread with the requests. Emptied before every run.
 */
const DATABASE_URL = process.env.E2E_DATABASE_URL;

const word = (length: number, seed: string) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
/** As `wideAdminEmail` in e2e/every-screen.spec.ts, for its first attempt and CI's one retry. */
const WIDE_ADMIN_EMAILS = [0, 1].map(
  (attempt) =>
    `${word(60, "averyveryverylongmailbox")}.admin${attempt}@${word(40, "subdomainofsomewhere")}.example.com`,
);

/** Debian's Chromium, headless; neither Playwright package downloads a browser here. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
  ],
};

export default defineConfig({
  testDir: "e2e",
  outputDir: OUTPUT_DIR,
  fullyParallel: false,
  workers: 1,
  // CI retries a failed test once and reports it as flaky (never silently): one stray timing must
  // not sink a run, and the report still names every flake to fix.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: `${OUTPUT_DIR}-report` }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    screenshot: "only-on-failure",
    // Recording a trace snapshots the page at every action, for every test (a third of the
    // every-screen walks' time). CI records the retry of a failed test instead (the first
    // failure keeps its screenshot and error); a run without retries records every test and
    // keeps the failures' traces.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 }, launchOptions: chromium },
    },
  ],
  webServer: {
    // A fresh database for every run; start.mjs builds the client when it is stale.
    command: `rm -rf ${DATA_DIR} && ${DATABASE_URL ? "node scripts/fresh-database.mjs && " : ""}node scripts/start.mjs`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // start.mjs runs in production, where the built-in test checkout must be asked for by name.
    env: {
      PORT: String(PORT),
      DATA_DIR,
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      LOG_LEVEL: "warn",
      PAYMENTS_PROVIDER: "local",
      // admin.spec.ts and maintenance.spec.ts sign up the first; every-screen.spec.ts's 1,440 px
      // walk signs up one administrator with a long address per attempt.
      ADMIN_EMAILS: ["e2e-admin@example.com", ...WIDE_ADMIN_EMAILS].join(","),
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
    },
  },
});
