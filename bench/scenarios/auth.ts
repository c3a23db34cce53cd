import Fastify from "fastify";
import { load, printTable } from "../load";
import { signUp, startServer } from "../server";
import { concurrentReadersBench } from "./readers";

/**
 * An authenticated GET /api/user (session lookup, user presenter, schema serialisation)
 * next to a bare Fastify route on the same machine in the same run; the ratio is the figure.
 * Then 200 concurrent signed-in readers (scenarios/readers.ts).
 */
export async function authBench(): Promise<void> {
  const bare = Fastify();
  bare.get("/bare", async () => ({
    id: "00000000-0000-4000-8000-000000000000",
    username: "bare",
    email: "b@e.com",
  }));
  await bare.listen({ port: 5181, host: "127.0.0.1" });

  const server = await startServer({ port: 5180 });
  try {
    const { cookie } = await signUp(server.url);
    // Warm both up so JIT and connection set-up are not measured.
    await load({ url: `${server.url}/api/user`, headers: { cookie }, durationSeconds: 2 });
    await load({ url: "http://127.0.0.1:5181/bare", durationSeconds: 2 });

    const user = await load({ url: `${server.url}/api/user`, headers: { cookie } });
    const baseline = await load({ url: "http://127.0.0.1:5181/bare" });
    printTable("GET /api/user (authenticated) vs a bare Fastify route, 10 connections, 10 s", [
      {
        target: "bare Fastify route",
        "req/s": baseline.requestsPerSecond,
        "p50 ms": baseline.p50,
        "p99 ms": baseline.p99,
        errors: baseline.errors + baseline.non2xx,
      },
      {
        target: "GET /api/user",
        "req/s": user.requestsPerSecond,
        "p50 ms": user.p50,
        "p99 ms": user.p99,
        errors: user.errors + user.non2xx,
      },
    ]);
    const ratio = user.requestsPerSecond / baseline.requestsPerSecond;
    // An authenticated read at 0.3x bare Fastify or better on the embedded
    // database, 0.6x on PostgreSQL.
    const goal = process.env.DATABASE_URL ? 0.6 : 0.3;
    const engine = process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database";
    console.log(
      `ratio: /api/user serves ${ratio.toFixed(2)}x the bare route's throughput on ${engine} (goal ${goal}x or better: ${ratio >= goal ? "met" : "NOT met"})`,
    );
  } finally {
    await server.stop();
    await bare.close();
  }
  await concurrentReadersBench();
}
