import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMPAIGN_FINISHED, CAMPAIGN_NOT_PAUSED, CAMPAIGN_NOT_RUNNING } from "../../../common/email";
import { resolveAppSecret } from "../../crypto/secret-box";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace } from "../../test/factories";
import { unsubscribeTokens } from "./unsubscribe-token";

/**
 * Open and click tracking, "retry failed", the hourly cap, and the campaign controls' refusals,
 * against the real app and a real SMTP server in this process. Messages to "flaky.test" are
 * refused at DATA with a permanent 554 while `flaky` is on: a failure of the message, not the
 * address (not a bounce), that "retry failed" may resend. Temporary failures (4xx) are retried
 * on their own with backoff: retry.test.ts.
 */
let t: TestApp;
let flaky = true;
const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        if (flaky && session.envelope.rcptTo.some((rcpt) => rcpt.address.endsWith("@flaky.test"))) {
          const error = new Error("5.7.1 Message refused by policy") as Error & { responseCode: number };
          error.responseCode = 554;
          return callback(error);
        }
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Acme <news@acme.test>" } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const ADDRESS = "1 Main St, Orlando, FL 32801";
let phone = 0;

async function setUp(c: TestClient, emails: string[], html: string, settings: object = {}) {
  await c.put("/api/email-marketing/settings", { postalAddress: ADDRESS, ...settings });
  for (const email of emails) {
    const res = await c.post("/api/contacts", {
      name: `Person ${email}`,
      phoneNumber: `+1555400${String(phone++).padStart(4, "0")}`,
      email,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const tpl = await c.post("/api/email-marketing/templates", {
    name: "Offer",
    subject: "An offer for {{firstName}}",
    textContent: "See https://shop.example.com/offer",
    htmlContent: html,
  });
  expect(tpl.statusCode, tpl.body).toBe(201);
  return tpl.json().id as string;
}

async function campaign(c: TestClient, id: string) {
  return (await c.get(`/api/email-marketing/campaigns/${id}`)).json();
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mailTo = (address: string) =>
  received.find((m) => {
    const to = m.to as { text: string } | undefined;
    return to?.text === address;
  });

const HTML =
  '<p>Hi {{firstName}}, see <a href="https://shop.example.com/offer?a=1&amp;b=2">the offer</a> ' +
  'and <a href="https://shop.example.com/terms">the terms</a> or <a href="mailto:sales@acme.test">write</a>.</p>';

describe("open and click tracking", () => {
  it("tracks opens and clicks once per send, redirecting only to the message's own links", async () => {
    const c = await buildWorkspace(t);
    const tpl = await setUp(c, ["ann@tracked.test", "bob@tracked.test"], HTML);
    const start = await c.post("/api/email-marketing/send-campaign", {
      templateId: tpl,
      delayBetweenBatches: 0,
      trackOpens: true,
      trackClicks: true,
    });
    expect(start.statusCode, start.body).toBe(202);
    const id = start.json().campaignId;
    const done = await until(
      () => campaign(c, id),
      (x) => x.status === "completed",
    );
    expect(done).toMatchObject({ sent: 2, trackOpens: true, trackClicks: true, opened: 0, clicked: 0 });

    const ann = String(mailTo("ann@tracked.test")?.html);
    const bob = String(mailTo("bob@tracked.test")?.html);
    const pixel = (html: string) =>
      new URL(html.match(/<img src="([^"]+track\/open\/[^"]+)"/)?.[1] ?? "").pathname;
    const clicks = (html: string) =>
      [...html.matchAll(/href="([^"]+track\/click\/[^"]+)"/g)].map((m) => new URL(m[1] ?? "").pathname);
    // Both web links are tracked; mailto and the unsubscribe link are left as they were.
    expect(clicks(ann)).toHaveLength(2);
    expect(ann).toContain('href="mailto:sales@acme.test"');
    expect(ann).toMatch(/href="[^"]+\/api\/email-marketing\/unsubscribe\//);
    expect(ann).not.toContain("shop.example.com");
    // The text part is as written.
    expect(mailTo("ann@tracked.test")?.text).toContain("https://shop.example.com/offer");

    // Ann opens twice (one open counted) and clicks the first link: redirected to it, entities decoded.
    const anon = t.client();
    const open = await anon.get(pixel(ann));
    expect(open.statusCode).toBe(200);
    expect(open.headers["content-type"]).toBe("image/gif");
    await anon.get(pixel(ann));
    const [first, second] = clicks(ann);
    const click = await anon.get(first as string);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe("https://shop.example.com/offer?a=1&b=2");
    expect((await anon.get(second as string)).headers.location).toBe("https://shop.example.com/terms");
    // Bob only clicks (images blocked): a click counts as an open too.
    expect((await anon.get(clicks(bob)[1] as string)).headers.location).toBe(
      "https://shop.example.com/terms",
    );

    expect(await campaign(c, id)).toMatchObject({ opened: 2, clicked: 2 });
    const analytics = (await c.get("/api/email-marketing/analytics")).json();
    expect(analytics).toMatchObject({ sent: 2, opened: 2, clicked: 2 });

    // A token altered by a byte, an unsubscribe token, a link position the message does not
    // have (signed with the server's own key): 404, never a redirect.
    const { appSecret, dataDir, env } = t.config;
    const tokens = unsubscribeTokens(resolveAppSecret({ appSecret, dataDir, env }));
    const tampered = (first as string).replace(/.$/, (ch) => (ch === "A" ? "B" : "A"));
    const unsubscribe = tokens.create(c.user?.id ?? "", "ann@tracked.test");
    const firstToken = (first as string).split("/").pop() ?? "";
    const read = tokens.readTracking(firstToken);
    expect(read?.kind).toBe("click");
    const beyond =
      read?.kind === "click" ? tokens.trackClick(read.workspaceId, read.sendId, 2) : "missing-token-xxxx";
    for (const path of [
      tampered,
      `/api/email-marketing/track/click/${unsubscribe}`,
      `/api/email-marketing/track/click/${beyond}`,
      `/api/email-marketing/track/open/${tampered.split("/").pop()}`,
      pixel(ann).replace("/open/", "/click/"),
    ]) {
      const res = await anon.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
    // The tokens are bad input too when malformed: 4xx with a message, never 500.
    expect((await anon.get("/api/email-marketing/track/open/short")).statusCode).toBe(400);
    expect(await campaign(c, id)).toMatchObject({ opened: 2, clicked: 2 });
  });

  it("leaves a campaign without tracking untouched: no pixel, links as written", async () => {
    const c = await buildWorkspace(t);
    const tpl = await setUp(c, ["cy@plain.test"], HTML);
    const start = await c.post("/api/email-marketing/send-campaign", {
      templateId: tpl,
      delayBetweenBatches: 0,
    });
    const done = await until(
      () => campaign(c, start.json().campaignId),
      (x) => x.status === "completed",
    );
    expect(done).toMatchObject({ sent: 1, trackOpens: false, trackClicks: false });
    const html = String(mailTo("cy@plain.test")?.html);
    expect(html).toContain('href="https://shop.example.com/offer?a=1&amp;b=2"');
    expect(html).not.toContain("/track/");
  });

  it("refuses a tracking flag that is not a boolean with a message", async () => {
    const c = await buildWorkspace(t);
    const tpl = await setUp(c, ["dee@bad.test"], HTML);
    const res = await c.post("/api/email-marketing/send-campaign", { templateId: tpl, trackOpens: "yes" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe("campaign controls", () => {
  it("retries failed sends only: a refused message becomes failed, and retry sends it once", async () => {
    const c = await buildWorkspace(t);
    flaky = true;
    const tpl = await setUp(c, ["ok1@steady.test", "later@flaky.test", "ok2@steady.test"], HTML);
    const start = await c.post("/api/email-marketing/send-campaign", {
      templateId: tpl,
      delayBetweenBatches: 0,
    });
    const id = start.json().campaignId;
    const first = await until(
      () => campaign(c, id),
      (x) => x.status === "completed",
    );
    expect(first).toMatchObject({ sent: 2, failed: 1, bounced: 0 });
    // A refusal of the message, not of the address, does not suppress it.
    const stats = (await c.post("/api/email-marketing/preview-leads", { targetAudience: "all" })).json();
    expect(stats.totalMatched).toBe(3);

    flaky = false;
    const other = await buildWorkspace(t);
    expect((await other.post(`/api/email-marketing/campaigns/${id}/retry-failed`)).statusCode).toBe(404);
    const retried = await c.post(`/api/email-marketing/campaigns/${id}/retry-failed`);
    expect(retried.statusCode, retried.body).toBe(200);
    const second = await until(
      () => campaign(c, id),
      (x) => x.status === "completed",
    );
    expect(second).toMatchObject({ sent: 3, failed: 0, pending: 0 });
    const to = (m: ParsedMail) => (m.to as { text: string } | undefined)?.text ?? "";
    expect(received.filter((m) => to(m) === "later@flaky.test")).toHaveLength(1);
    expect(received.filter((m) => to(m) === "ok1@steady.test")).toHaveLength(1);

    // Finished campaigns cannot be paused or resumed; a cancelled one cannot be retried.
    const pause = await c.post(`/api/email-marketing/campaigns/${id}/pause`);
    expect(pause.statusCode).toBe(400);
    expect(pause.json().message).toBe(CAMPAIGN_NOT_RUNNING);
    const resume = await c.post(`/api/email-marketing/campaigns/${id}/resume`);
    expect(resume.statusCode).toBe(400);
    expect(resume.json().message).toBe(CAMPAIGN_NOT_PAUSED);
    expect((await c.post(`/api/email-marketing/campaigns/not-a-uuid/retry-failed`)).statusCode).toBe(400);
  });

  it("holds the workspace's hourly cap: sends stop at the cap and wait; cancel ends the rest", async () => {
    const c = await buildWorkspace(t);
    const emails = Array.from({ length: 5 }, (_, i) => `cap${i}@capped.test`);
    const tpl = await setUp(c, emails, HTML, { hourlyCap: 3 });
    const start = await c.post("/api/email-marketing/send-campaign", {
      templateId: tpl,
      delayBetweenBatches: 0,
    });
    const id = start.json().campaignId;
    await until(
      () => campaign(c, id),
      (x) => x.sent === 3,
    );
    // Well past the time the other two would take: still three, the rest waiting for the hour.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await campaign(c, id)).toMatchObject({ status: "sending", sent: 3, pending: 2 });
    const to = (m: ParsedMail) => (m.to as { text: string } | undefined)?.text ?? "";
    expect(received.filter((m) => to(m).endsWith("@capped.test"))).toHaveLength(3);

    const cancelled = await c.post(`/api/email-marketing/campaigns/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", sent: 3, pending: 0 });
    const again = await c.post(`/api/email-marketing/campaigns/${id}/retry-failed`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(CAMPAIGN_FINISHED);
    expect((await c.post(`/api/email-marketing/campaigns/${id}/cancel`)).json().message).toBe(
      CAMPAIGN_FINISHED,
    );
  });
});
