import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  POSTAL_ADDRESS_REQUIRED,
  SELECT_TEMPLATE,
  TEST_NEEDS_TEMPLATE_AND_EMAIL,
} from "../../../common/email";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace } from "../../test/factories";
import { startSmtpServer } from "../../test/smtp-server";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: "Acme <news@acme.test>" } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ADDRESS = "1 Main St, Orlando, FL 32801";

async function addContact(c: TestClient, fields: Record<string, string>, n: number) {
  const res = await c.post("/api/contacts", {
    phoneNumber: `+1555200${String(n).padStart(4, "0")}`,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function template(c: TestClient, fields: Record<string, string> = {}) {
  const res = await c.post("/api/email-marketing/templates", {
    name: "Spring offer",
    subject: "{{firstName|Hello}}, a spring offer for {{businessName|your business}}",
    textContent: "Hi {{firstName|there}},\n\nWe serve {{city}}, {{state}}.",
    htmlContent: "<p>Hi <b>{{firstName|there}}</b> of {{businessName}}</p><script>alert(1)</script>",
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

/** Waits (generously: the machine is shared) until the campaign leaves queued/sending. */
async function settled(c: TestClient, campaignId: string) {
  for (let i = 0; i < 600; i++) {
    const res = await c.get(`/api/email-marketing/campaigns/${campaignId}`);
    const body = res.json();
    if (body.status !== "queued" && body.status !== "sending") return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("campaign did not finish");
}

/** A header as sent (mailparser folds List-* headers into one structured "list" value). */
const header = (
  mail: { headerLines: readonly { key: string; line: string }[] } | undefined,
  name: string,
) => {
  const line = mail?.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? "";
  return line.slice(line.indexOf(":") + 1).trim();
};
const unsubscribePath = (mail: Parameters<typeof header>[0]) =>
  new URL(header(mail, "List-Unsubscribe").replace(/^<|>$/g, "")).pathname;

const to = (mail: { to?: unknown }) => {
  const value = mail.to as { text: string } | { text: string }[] | undefined;
  return Array.isArray(value) ? value.map((v) => v.text).join(",") : (value?.text ?? "");
};

describe("templates", () => {
  it("creates, lists, updates and deletes; HTML is sanitised", async () => {
    const c = await buildWorkspace(t);
    const created = await template(c);
    const list = (await c.get("/api/email-marketing/templates")).json();
    expect(list).toHaveLength(1);
    expect(list[0].htmlContent).not.toContain("<script>");
    const updated = await c.put(`/api/email-marketing/templates/${created.id}`, { name: "Renamed" });
    expect(updated.json().name).toBe("Renamed");
    expect((await c.delete(`/api/email-marketing/templates/${created.id}`)).statusCode).toBe(204);
    expect((await c.get(`/api/email-marketing/templates/${created.id}`)).statusCode).toBe(404);
  });

  it("refuses a template without a name or body with a message", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/email-marketing/templates", { name: "", subject: "x", textContent: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe("audience", () => {
  it("counts stats and previews matching leads with merge fields, leaving suppressed addresses out", async () => {
    const c = await buildWorkspace(t);
    await addContact(
      c,
      {
        name: "Ana Ruiz",
        email: "ana@biz.test",
        company: "Ruiz Plumbing",
        industry: "construction",
        address: ADDRESS,
      },
      1,
    );
    await addContact(c, { name: "Bo Lee", email: "bo@home.test", address: "2 Elm St, Tampa, FL 33601" }, 2);
    await addContact(c, { name: "No Mail", company: "Quiet Co" }, 3);
    const stats = (await c.get("/api/email-marketing/stats")).json();
    expect(stats).toMatchObject({
      totalContacts: 3,
      businessContacts: 2,
      individualContacts: 1,
      contactsWithEmails: 2,
    });
    expect(stats.topIndustries).toEqual([{ industry: "construction", count: 1 }]);
    expect(stats.topCities.map((x: { city: string }) => x.city).sort()).toEqual(["Orlando", "Tampa"]);

    const orlando = (
      await c.post("/api/email-marketing/preview-leads", { targetAudience: "business", city: "orlando" })
    ).json();
    expect(orlando).toEqual({
      leads: [
        {
          email: "ana@biz.test",
          personalization: { firstName: "Ana", businessName: "Ruiz Plumbing", city: "Orlando", state: "FL" },
        },
      ],
      totalMatched: 1,
    });
    const all = (await c.post("/api/email-marketing/preview-leads", {})).json();
    expect(all.totalMatched).toBe(2);
  });
});

describe("sending", () => {
  it("refuses a campaign without a template, and before a postal address is set", async () => {
    const c = await buildWorkspace(t);
    const bad = await c.post("/api/email-marketing/send-campaign", {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SELECT_TEMPLATE);
    const noTest = await c.post("/api/email-marketing/send-test", { testEmail: "" });
    expect(noTest.json().message).toBe(TEST_NEEDS_TEMPLATE_AND_EMAIL);
    const tpl = await template(c);
    await addContact(c, { name: "Ana", email: "ana@x.test" }, 10);
    const res = await c.post("/api/email-marketing/send-campaign", { templateId: tpl.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POSTAL_ADDRESS_REQUIRED);
  });

  it("sends a test with merge fields, escaped, a text part, and one-click unsubscribe headers", async () => {
    const c = await buildWorkspace(t);
    await c.put("/api/email-marketing/settings", { postalAddress: ADDRESS });
    const tpl = await template(c);
    const res = await c.post("/api/email-marketing/send-test", {
      templateId: tpl.id,
      testEmail: "me@inbox.test",
      personalization: { firstName: "<img src=x onerror=alert(1)>" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = smtp.received.find((m) => m.messageId === res.json().messageId);
    expect(mail).toBeDefined();
    expect(mail?.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail?.html).not.toContain("<script>");
    expect(mail?.text).toContain("Hi <img src=x onerror=alert(1)>,");
    expect(mail?.text).toContain(ADDRESS);
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(unsubscribePath(mail)).toMatch(/^\/api\/email-marketing\/unsubscribe\//);
  });

  it("sends a campaign once to each recipient; bounces suppress; one-click unsubscribe works without a session", async () => {
    const c = await buildWorkspace(t);
    await c.put("/api/email-marketing/settings", { postalAddress: ADDRESS });
    const tpl = await template(c);
    await addContact(
      c,
      { name: "Cara <b>Bold</b>", email: "cara@camp.test", company: "Cara & Co", address: ADDRESS },
      20,
    );
    await addContact(c, { name: "Dan", email: "bounce-dan@camp.test" }, 21);
    await addContact(c, { name: "Eve", email: "eve@camp.test" }, 22);
    const start = await c.post("/api/email-marketing/send-campaign", {
      templateId: tpl.id,
      batchSize: 2,
      delayBetweenBatches: 0,
    });
    expect(start.statusCode, start.body).toBe(202);
    expect(start.json()).toMatchObject({ totalRecipients: 3, status: "queued" });
    const done = await settled(c, start.json().campaignId);
    expect(done).toMatchObject({ status: "completed", sent: 2, bounced: 1, failed: 0, pending: 0 });

    const ours = smtp.received.filter((m) => to(m).endsWith("@camp.test"));
    expect(ours.map(to).sort()).toEqual(["cara@camp.test", "eve@camp.test"]);
    const cara = ours.find((m) => to(m) === "cara@camp.test");
    expect(cara?.subject).toBe("Cara, a spring offer for Cara & Co");
    expect(cara?.html).toContain("Cara & Co".replace("&", "&amp;"));
    expect(cara?.text).toContain("We serve Orlando, FL.");
    expect(cara?.messageId).toMatch(/^<[0-9a-f-]+@acme\.test>$/);
    const url = { pathname: unsubscribePath(cara) };

    // One click from the mail program: a POST with no cookie and no Origin.
    const unsub = await t.app.inject({
      method: "POST",
      url: url.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(unsub.statusCode).toBe(200);
    expect(unsub.body).toContain("cara@camp.test: You have been unsubscribed");
    const forged = await t.app.inject({ method: "POST", url: `${url.pathname}x` });
    expect(forged.statusCode).toBe(404);
    // The page's own button: a browser posts it with `Origin: null` (the page sends no referrer),
    // or from a webmail's origin; the signed token is the proof, so both are accepted.
    for (const origin of ["null", "https://webmail.example"]) {
      const fromPage = await t.app.inject({
        method: "POST",
        url: url.pathname,
        headers: {
          origin,
          "sec-fetch-site": "cross-site",
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(fromPage.statusCode).toBe(200);
      expect(fromPage.headers["content-type"]).toContain("text/html");
    }
    // Other routes still refuse a cross-site post.
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/email-marketing/preview-leads",
      headers: { origin: "null" },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(403);

    // Suppressed on every path: preview, a new campaign, a test.
    const preview = (await c.post("/api/email-marketing/preview-leads", {})).json();
    expect(preview.leads.map((l: { email: string }) => l.email)).toEqual(["eve@camp.test"]);
    const again = await c.post("/api/email-marketing/send-campaign", {
      templateId: tpl.id,
      delayBetweenBatches: 0,
    });
    expect(again.json().totalRecipients).toBe(1);
    await settled(c, again.json().campaignId);
    expect(smtp.received.filter((m) => to(m) === "cara@camp.test")).toHaveLength(1);
    const test = await c.post("/api/email-marketing/send-test", {
      templateId: tpl.id,
      testEmail: "cara@camp.test",
    });
    expect(test.statusCode).toBe(400);

    const analytics = (await c.get("/api/email-marketing/analytics")).json();
    expect(analytics).toMatchObject({ campaigns: 2, sent: 3, bounced: 1, unsubscribed: 1 });
  });

  it("suppression is checked at send time: addresses unsubscribed after queueing are skipped", async () => {
    const c = await buildWorkspace(t);
    await c.put("/api/email-marketing/settings", { postalAddress: ADDRESS });
    const tpl = await template(c);
    const emails = [0, 1, 2, 3].map((i) => `p${i}@late.test`);
    for (const [i, email] of emails.entries()) await addContact(c, { name: `P${i}`, email }, 30 + i);
    // Slow batches: every recipient unsubscribes (through a test message's link) after queueing;
    // at most the first batch (one message) can go before.
    const start = await c.post("/api/email-marketing/send-campaign", {
      templateId: tpl.id,
      batchSize: 1,
      delayBetweenBatches: 3000,
    });
    const campaignId = start.json().campaignId;
    for (const email of emails) {
      const test = await c.post("/api/email-marketing/send-test", { templateId: tpl.id, testEmail: email });
      const mail = smtp.received.find((m) => m.messageId === test.json().messageId);
      expect((await t.app.inject({ method: "POST", url: unsubscribePath(mail) })).statusCode).toBe(200);
    }
    const done = await settled(c, campaignId);
    expect(done.sent).toBeLessThanOrEqual(1);
    expect(done.suppressed).toBe(4 - done.sent);
    const campaignMessages = smtp.received.filter(
      (m) => to(m).endsWith("@late.test") && !String(m.subject).startsWith("[Test]"),
    );
    expect(campaignMessages).toHaveLength(done.sent);
  });

  it("pauses and resumes a campaign, and cancels another; a foreign campaign is 404", async () => {
    const c = await buildWorkspace(t);
    await c.put("/api/email-marketing/settings", { postalAddress: ADDRESS });
    const tpl = await template(c);
    for (let i = 0; i < 3; i++) await addContact(c, { name: `Q${i}`, email: `q${i}@pause.test` }, 40 + i);
    const start = await c.post("/api/email-marketing/send-campaign", {
      templateId: tpl.id,
      batchSize: 1,
      delayBetweenBatches: 1000,
    });
    const id = start.json().campaignId;
    expect((await c.post(`/api/email-marketing/campaigns/${id}/pause`)).json().status).toBe("paused");
    const other = await buildWorkspace(t);
    expect((await other.post(`/api/email-marketing/campaigns/${id}/resume`)).statusCode).toBe(404);
    expect((await c.post(`/api/email-marketing/campaigns/${id}/resume`)).statusCode).toBe(200);
    const done = await settled(c, id);
    expect(done).toMatchObject({ status: "completed", sent: 3 });
    expect(smtp.received.filter((m) => to(m).endsWith("@pause.test"))).toHaveLength(3);
  });
});
