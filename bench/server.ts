import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { serverNodeFlags } from "../scripts/server-flags.mjs";

export type RunningServer = { url: string; pid: number; stop(): Promise<void> };

let built = false;

/** Compiles the server once per bench run, so every scenario measures the current sources. */
function buildServer(): void {
  if (built) return;
  const result = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("the server build failed");
  built = true;
}

/**
 * Refuses a port something already listens on: the benches' servers have fixed ports, and a
 * second bench running at the same time would otherwise measure the first one's server.
 */
async function ensurePortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`port ${port} is in use (is another bench running?): this bench's server needs it`)
          : error,
      ),
    );
    probe.listen({ port, host: "127.0.0.1" }, () => probe.close(() => resolve()));
  });
}

/**
 * Starts the real server (the compiled dist/server/main.js that `npm start` runs, production mode) on loopback with a fresh embedded
 * database, or on DATABASE_URL when given, and waits until /api/health answers.
 */
export async function startServer(options: {
  port: number;
  env?: Record<string, string>;
  /** Reuse this embedded data directory (kept after stop); by default a fresh one, removed after. */
  dataDir?: string;
}): Promise<RunningServer> {
  buildServer();
  await ensurePortFree(options.port);
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "aip-bench-"));
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), "dist/server/main.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      // Load from a few accounts is the point here, not the per-account API limit.
      API_RATE_LIMIT: "off",
      ...options.env,
    },
  });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      // A server that already died (a bench that crashed it) has nothing left to wait for.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up a fresh account on a running server and returns its session cookie. */
export async function signUp(url: string): Promise<{ cookie: string; email: string }> {
  const id = Math.random().toString(36).slice(2, 10);
  const email = `bench_${id}@example.com`;
  const response = await fetch(`${url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      username: `bench_${id}`,
      email,
      password: "bench-password-1",
      planType: "business",
      businessInfo: { companyName: "Bench Co" },
    }),
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { cookie, email };
}
