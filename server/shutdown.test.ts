import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectPath } from "./paths";

/**
 * SIGTERM against the real server process (server/main.ts through tsx, the embedded database):
 * requests already received are answered, new connections are refused, event streams end, and
 * the process closes its database and exits by itself well before the drain deadline.
 */

type Server = { child: ChildProcess; port: number; exited: Promise<number | null> };

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", projectPath("server/main.ts")], {
    cwd: projectPath(),
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      API_RATE_LIMIT: "off",
      ...env,
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, port, exited };
}

/** A raw HTTP/1.1 connection, kept open (keep-alive) after its answer, as a browser's would be. */
function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk.toString();
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return { socket, closed, received: () => received };
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

async function waitFor(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

async function signUp(port: number, username: string): Promise<{ cookie: string; password: string }> {
  const password = "drain-password-1";
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, email: `${username}@example.com`, password, planType: "personal" }),
  });
  expect(res.status).toBe(201);
  return { cookie: (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "", password };
}

describe("SIGTERM", () => {
  it("answers requests already received, refuses new connections, ends event streams and exits cleanly", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "aip-shutdown-"));
    dataDirs.push(dataDir);
    const server = await startServer(dataDir, { SHUTDOWN_DRAIN_SECONDS: "20" });
    const { cookie, password } = await signUp(server.port, "drain_user");

    // A live event stream, and two sign-ins whose bodies are still arriving (slow uploads).
    const stream = rawConnection(server.port);
    stream.socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
    const body = JSON.stringify({ login: "drain_user", password });
    const slow = [rawConnection(server.port), rawConnection(server.port)];
    for (const connection of slow) {
      connection.socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
    }
    expect(await waitFor(() => stream.received().includes("retry:"), 10_000)).toBe(true);

    const signalled = Date.now();
    server.child.kill("SIGTERM");

    expect(await waitFor(() => connectionRefused(server.port), 5_000)).toBe(true);
    // The stream is ended so the drain can finish.
    await stream.closed;
    // The uploads finish after the signal, and are answered in full.
    for (const connection of slow) connection.socket.write(body.slice(10));
    for (const connection of slow) {
      expect(await waitFor(() => /\r\n\r\n\{"user":/.test(connection.received()), 10_000)).toBe(true);
      expect(connection.received()).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(connection.received()).toMatch(/set-cookie: aip_session=/i);
    }

    // Nobody closes those keep-alive connections from the client side: the server must, and it
    // exits by itself, not when the 20 s drain deadline cuts them.
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(15_000);

    // The database was closed properly: the account made before the stop is there after a restart.
    const again = await startServer(dataDir);
    const login = await fetch(`http://127.0.0.1:${again.port}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(login.status).toBe(200);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  }, 240_000);

  it("cuts a request that never finishes at the drain deadline, then still closes the database", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "aip-shutdown-"));
    dataDirs.push(dataDir);
    const server = await startServer(dataDir, { SHUTDOWN_DRAIN_SECONDS: "1" });
    const stuck = rawConnection(server.port);
    stuck.socket.write(
      "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{",
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill("SIGTERM");
    await stuck.closed;
    // 0: the database closed after the cut (the last-resort timer would exit with 1).
    expect(await server.exited).toBe(0);
  }, 240_000);
});
