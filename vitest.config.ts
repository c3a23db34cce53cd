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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { DOTENV_CONFIG_QUIET: "true" },
  },
});
