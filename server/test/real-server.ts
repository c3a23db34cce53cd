import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { projectPath } from "../paths";
import { waitFor } from "./jobs";

/**
 * The real server (server/main.ts) in a child process, for the tests that kill it (SIGKILL) and
 * start it again on the same data: the jobs and the dialer crash tests.
 */
export type RealServer = { process: ChildProcess; url: string; output: string[] };

/** Servers started and still running: `stopRunningServers` ends them, even after a failure. */
const running = new Set<ChildProcess>();

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/** Starts the server with `env` on a free port and waits until it answers its health check. */
export async function startServer(
  env: Record<string, string>,
  listenTimeoutMs = 240_000,
): Promise<RealServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", projectPath("server/main.ts")], {
    cwd: projectPath("."),
    env: {
      ...process.env,
      ...env,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      SIMULATOR_TIME_SCALE: "0.01",
      NODE_ENV: "development",
      // Crash tests poll every job from one account, far past the per-account API limit.
      API_RATE_LIMIT: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  running.add(child);
  child.once("exit", () => running.delete(child));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`The server exited before listening:\n${output.join("")}`);
      return (await fetch(`${url}/api/health`).catch(() => undefined))?.ok;
    },
    listenTimeoutMs,
    "the server to listen",
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${output.join("")}`);
  });
  return { process: child, url, output };
}

/** Sends `signal` and waits for the process to exit. */
export async function kill(server: RealServer, signal: NodeJS.Signals): Promise<void> {
  const exited = once(server.process, "exit");
  server.process.kill(signal);
  await exited;
}

/** Kills every server a test file started that still runs (for its afterAll). */
export async function stopRunningServers(): Promise<void> {
  for (const child of running) {
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    await exited;
  }
}

/** A browser on the server's own origin, keeping its session cookie (the server may be restarted). */
export function browser(server: () => RealServer) {
  let cookie = "";
  return async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const { url } = server();
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "GET" ? {} : { origin: url }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = response.headers.getSetCookie().find((line) => line.startsWith("aip_session="));
    if (session) cookie = session.split(";")[0] ?? "";
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}
