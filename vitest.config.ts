import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@common": fileURLToPath(new URL("./common", import.meta.url)) } },
  test: {
    include: ["server/**/*.test.ts", "common/**/*.test.ts", "client/**/*.test.ts", "client/**/*.test.tsx"],
    globalSetup: ["server/test/global-setup.ts"],
    pool: "forks",
    // Each file opens its own embedded PostgreSQL (hundreds of MB); two at a time suits two cores.
    maxWorkers: 2,
    // A worker keeps its modules from one file to the next instead of importing the whole server
    // again for each (import time fell from about 400 s to 49 s; the suite from 15 to 7 minutes).
    // This holds because every file builds its own app and database, no server test mocks a
    // module, and none keeps state in a module of its own; a file that must start clean needs
    // isolating again (vi.resetModules, or a project of its own).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { DOTENV_CONFIG_QUIET: "true" },
  },
});
