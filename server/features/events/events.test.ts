import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace } from "../../test/factories";

/**
 * GET /api/events over a real socket (inject cannot stream): fetch reads the server-sent events
 * the way a browser's EventSource would.
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("the test app is not listening on a port");
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(() => t.close());

type SseEvent = { event: string; data: unknown };

/** An open event stream: everything received so far, parsed, and a way to wait for more. */
class EventStream {
  readonly events: SseEvent[] = [];
  raw = "";
  private waiters: (() => void)[] = [];
  private readonly done: Promise<void>;

  constructor(
    readonly response: Response,
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
  ) {
    this.done = this.pump();
  }

  private async pump(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        this.raw += chunk;
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = block.match(/^event: (.*)$/m)?.[1];
          const data = block.match(/^data: (.*)$/m)?.[1];
          if (event) this.events.push({ event, data: data ? JSON.parse(data) : undefined });
          end = buffer.indexOf("\n\n");
        }
        for (const wake of this.waiters.splice(0)) wake();
      }
    } catch {
      // Cancelled by close().
    }
  }

  /** Waits until an event matching `test` has arrived. */
  async waitFor(test: (event: SseEvent) => boolean, timeoutMs = 5_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(test);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; received:\n${this.raw}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => {});
    await this.done;
  }
}

async function openStream(cookie: string): Promise<EventStream> {
  const response = await fetch(`${base}/api/events`, { headers: { cookie, accept: "text/event-stream" } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  if (!response.body) throw new Error("the event stream has no body");
  return new EventStream(response, response.body.getReader());
}

/** The session cookie a signed-in client holds, as a browser would send it. */
const sessionCookie = (c: TestClient) => `aip_session=${c.cookies.get("aip_session")}`;

type CallJson = { id: string };
type TurnJson = { response: { text: string | null }; call: { transcript: string } };

async function post<T>(cookie: string, url: string, body: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${base}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

describe("GET /api/events", () => {
  it("answers 401 without a session", async () => {
    const response = await fetch(`${base}/api/events`);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await response.json()).message).toBeTruthy();
  });

  it("answers 401 with a session that does not exist", async () => {
    const response = await fetch(`${base}/api/events`, {
      headers: { cookie: "aip_session=not-a-real-token" },
    });
    expect(response.status).toBe(401);
    await response.body?.cancel();
  });

  it("streams the account's own call events, with the transcript lines, and nobody else's", async () => {
    const alice = sessionCookie(await buildWorkspace(t));
    const bob = sessionCookie(await buildWorkspace(t));
    const aliceStream = await openStream(alice);
    const bobStream = await openStream(bob);
    try {
      const call = await post<CallJson>(alice, "/api/calls/simulate", {
        phoneNumber: "+12125550160",
        callerName: "Robin",
      });
      expect(call.status).toBe(201);
      const callId = call.json.id;
      const started = await aliceStream.waitFor((e) => e.event === "call.started");
      expect(started.data).toEqual({ type: "call.started", callId });

      const turn = await post<TurnJson>(alice, `/api/calls/${callId}/process-audio`, {
        text: "Hi, it's Robin, could you ask them to call me back about the invoice?",
      });
      expect(turn.status).toBe(200);
      const updated = await aliceStream.waitFor((e) => e.event === "call.updated");
      expect(updated.data).toMatchObject({ type: "call.updated", callId });
      const lines = (updated.data as { lines: string[] }).lines;
      expect(lines[0]).toBe("Caller: Hi, it's Robin, could you ask them to call me back about the invoice?");
      expect(lines).toContain(`AI: ${turn.json.response.text}`);
      // The stream's lines are exactly what the call's transcript gained.
      expect(turn.json.call.transcript.endsWith(lines.join("\n"))).toBe(true);
      expect(aliceStream.raw.startsWith("retry: 3000\n\n")).toBe(true);

      // Bob's own call proves his stream is live; anything of Alice's would have arrived before it.
      const bobCall = await post<CallJson>(bob, "/api/calls/simulate", { phoneNumber: "+12125550161" });
      expect(bobCall.status).toBe(201);
      await bobStream.waitFor((e) => e.event === "call.started");
      expect(bobStream.events).toEqual([
        { event: "call.started", data: { type: "call.started", callId: bobCall.json.id } },
      ]);
      expect(bobStream.raw).not.toContain(callId);
      expect(aliceStream.raw).not.toContain(bobCall.json.id);
    } finally {
      await aliceStream.close();
      await bobStream.close();
    }
  });

  it("stops delivering to a stream the browser closed", async () => {
    const cookie = sessionCookie(await buildWorkspace(t));
    const first = await openStream(cookie);
    await first.close();
    const second = await openStream(cookie);
    try {
      const call = await post<CallJson>(cookie, "/api/calls/simulate", { phoneNumber: "+12125550162" });
      await second.waitFor((e) => e.event === "call.started");
      expect(first.events).toEqual([]);
      expect(second.events.map((e) => e.data)).toEqual([{ type: "call.started", callId: call.json.id }]);
    } finally {
      await second.close();
    }
  });

  // Streams are ended in preClose: Fastify's own close waits for every connection to drain.
  it("ends open streams when the app shuts down", async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (other.app.server.address() as { port: number }).port;
    const c = await buildWorkspace(other);
    const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: { cookie: sessionCookie(c) },
    });
    const stream = new EventStream(response, response.body!.getReader());
    const closing = other.app.close();
    try {
      const outcome = await Promise.race([
        closing.then(() => "closed"),
        new Promise((resolve) => setTimeout(() => resolve("still waiting after 1 s"), 1_000)),
      ]);
      expect(outcome).toBe("closed");
    } finally {
      await stream.close();
      await closing;
      await other.database.close();
    }
  });
});
