import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createMailTransport } from "./index";
import type { OutgoingMail } from "./types";

/** An SMTP server that counts connections: how many at once at most, and how many in all. */
let server: SMTPServer;
let url = "";
const seen = { open: 0, most: 0, total: 0, accepted: 0 };

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      seen.open++;
      seen.total++;
      seen.most = Math.max(seen.most, seen.open);
      callback();
    },
    onClose() {
      seen.open--;
    },
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      // A slow answer, so that the pool has every reason to open all the connections it may.
      stream.on("end", () =>
        setTimeout(() => {
          seen.accepted++;
          callback();
        }, 20),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const mail = (n: number): OutgoingMail => ({
  workspaceId: "w",
  id: `m${n}`,
  from: "Pool <pool@example.com>",
  to: `to${n}@example.com`,
  subject: `Message ${n}`,
  text: "Hello",
  html: null,
  messageId: `<m${n}@example.com>`,
  headers: {},
});

async function sendAll(env: Record<string, string>, count: number) {
  Object.assign(seen, { open: 0, most: 0, total: 0, accepted: 0 });
  const config = loadConfig({ NODE_ENV: "test", SMTP_URL: url, ...env });
  const transport = createMailTransport(config);
  try {
    const outcomes = await Promise.all(Array.from({ length: count }, (_, n) => transport.send(mail(n))));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(Array(count).fill("accepted"));
  } finally {
    await transport.close();
  }
}

describe("the SMTP pool (SMTP_POOL_SIZE, SMTP_MAX_MESSAGES)", () => {
  it("reads both from the environment, 10 connections and 1000 messages each by default", () => {
    expect(loadConfig({ NODE_ENV: "test" }).mail.pool).toEqual({
      connections: 10,
      messagesPerConnection: 1000,
    });
    expect(loadConfig({ NODE_ENV: "test", SMTP_POOL_SIZE: "25", SMTP_MAX_MESSAGES: "50" }).mail.pool).toEqual(
      { connections: 25, messagesPerConnection: 50 },
    );
  });

  it("sends side by side over at most SMTP_POOL_SIZE connections", async () => {
    await sendAll({ SMTP_POOL_SIZE: "3" }, 12);
    expect(seen.accepted).toBe(12);
    expect(seen.most).toBe(3);
    expect(seen.total).toBe(3);
  });

  it("opens a fresh connection after SMTP_MAX_MESSAGES messages", async () => {
    await sendAll({ SMTP_POOL_SIZE: "2", SMTP_MAX_MESSAGES: "2" }, 8);
    expect(seen.accepted).toBe(8);
    expect(seen.most).toBeLessThanOrEqual(2);
    expect(seen.total).toBe(4);
  });
});
