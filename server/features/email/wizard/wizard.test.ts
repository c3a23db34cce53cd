import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GeneratedEmail, SEASONAL_IDEAS, WizardState } from "../../../../common/email";
import { openAiEmailWriter } from "../../../providers/llm/email-writer";
import { createTestApp, type TestApp } from "../../../test/app";
import { buildWorkspace } from "../../../test/factories";
import { generateLocalEmail } from "./generator";
import { seasonalIdeas } from "./seasonal";
import { emailWizardService } from "./service";

const plumber = {
  step: 3,
  campaignType: "general_business",
  productService: "24/7 emergency plumbing",
  businessName: "Bay Plumbing",
  industry: "construction",
  location: "Orlando, FL",
  targetAudience: "property managers",
  tone: "friendly",
  purpose: "promotion",
  painPoints: ["  Burst pipes at night ", "", "Slow contractors"],
  competitors: ["Roto-Rooter"],
  specialOffers: ["20% off the first call-out"],
  customInstructions: "",
};

const bakery = {
  campaignType: "food_service",
  productService: "wholesale sourdough",
  businessName: "Crumb & Co",
  industry: "hospitality",
  location: "Austin",
  targetAudience: "cafés",
  tone: "professional",
  purpose: "introduction",
  painPoints: ["stale deliveries"],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /api/email-marketing/generate-ai-email (local writer)", () => {
  it("writes a specific email from the wizard's fields, list items trimmed and empty ones ignored", async () => {
    const c = await buildWorkspace(t);
    const response = await c.post("/api/email-marketing/generate-ai-email", plumber);
    expect(response.statusCode).toBe(200);
    const { emails } = response.json() as { emails: GeneratedEmail[] };
    expect(emails).toHaveLength(1);
    const email = GeneratedEmail.parse(emails[0]);
    expect(email.subject).toContain("20% off the first call-out");
    expect(email.subject).toContain("Bay Plumbing");
    for (const part of [email.textContent, email.htmlContent]) {
      expect(part).toContain("24/7 emergency plumbing");
      expect(part).toContain("Orlando, FL");
      expect(part).toContain("property managers");
      expect(part).toContain("burst pipes at night");
      expect(part).toContain("Roto-Rooter");
      expect(part).toContain("{{firstName}}");
    }
    expect(email.textContent).toMatch(/^Hi \{\{firstName\}\},/);
    expect(email.textContent).toContain("- No more slow contractors");
    expect(email.htmlContent).toContain("<li>No more burst pipes at night</li>");
    expect(email.bestSendTime).toMatch(/crews/);
    expect(email.personalizationTips.length).toBeGreaterThan(0);
    expect(email.followUpSuggestions.join(" ")).toContain("20% off the first call-out");
  });

  it("writes a different email for different inputs", async () => {
    const c = await buildWorkspace(t);
    const first = (await c.post("/api/email-marketing/generate-ai-email", plumber)).json().emails[0];
    const second = (await c.post("/api/email-marketing/generate-ai-email", bakery)).json().emails[0];
    expect(second.subject).not.toBe(first.subject);
    expect(second.textContent).not.toBe(first.textContent);
    expect(second.textContent).toMatch(/^Dear \{\{firstName\}\},/);
    expect(second.textContent).toContain("Crumb & Co");
    expect(second.htmlContent).toContain("Crumb &amp; Co");
    expect(second.bestSendTime).not.toBe(first.bestSendTime);
    // The tone alone changes the greeting and the call to action.
    const urgent = (
      await c.post("/api/email-marketing/generate-ai-email", { ...bakery, tone: "urgent" })
    ).json().emails[0];
    expect(urgent.textContent).not.toBe(second.textContent);
    expect(urgent.textContent).toContain("today");
  });

  it("escapes markup typed into the wizard in the HTML version", async () => {
    const c = await buildWorkspace(t);
    const response = await c.post("/api/email-marketing/generate-ai-email", {
      ...plumber,
      businessName: '<img src=x onerror="alert(1)">',
    });
    expect(response.statusCode).toBe(200);
    const email = response.json().emails[0] as GeneratedEmail;
    expect(email.htmlContent).not.toContain("<img");
    expect(email.htmlContent).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("still writes a readable email from an almost empty wizard", async () => {
    const c = await buildWorkspace(t);
    const response = await c.post("/api/email-marketing/generate-ai-email", {});
    expect(response.statusCode).toBe(200);
    const email = response.json().emails[0] as GeneratedEmail;
    expect(email.subject.length).toBeGreaterThan(10);
    expect(email.textContent).not.toMatch(/undefined|null/);
  });

  it("answers 400 with a readable message for an over-long field, and 401 without a session", async () => {
    const c = await buildWorkspace(t);
    const long = await c.post("/api/email-marketing/generate-ai-email", {
      ...plumber,
      businessName: "x".repeat(201),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/Business name must be at most 200 characters/);
    const anonymous = await t.client().post("/api/email-marketing/generate-ai-email", plumber);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("GET /api/email-marketing/seasonal-campaigns", () => {
  it("gives six ideas on or after today, nearest first", async () => {
    const c = await buildWorkspace(t);
    const response = await c.get("/api/email-marketing/seasonal-campaigns");
    expect(response.statusCode).toBe(200);
    const { ideas } = response.json() as { ideas: { targetDate: string }[] };
    expect(ideas).toHaveLength(SEASONAL_IDEAS);
    const today = new Date().toISOString().slice(0, 10);
    const dates = ideas.map((idea) => idea.targetDate);
    expect(dates.every((date) => date >= today)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    expect((await t.client().get("/api/email-marketing/seasonal-campaigns")).statusCode).toBe(401);
  });

  it("computes the floating holidays of the year and wraps into the next", () => {
    const ideas = seasonalIdeas(new Date("2026-11-25T12:00:00Z"));
    expect(ideas.map((i) => [i.theme, i.targetDate, i.season])).toEqual([
      ["Thanksgiving", "2026-11-26", "Fall"],
      ["Black Friday", "2026-11-27", "Fall"],
      ["Cyber Monday", "2026-11-30", "Fall"],
      ["Holiday Season", "2026-12-15", "Fall"],
      ["Year-End Review", "2026-12-31", "Winter"],
      ["New Year Kickoff", "2027-01-01", "Winter"],
    ]);
    const spring = seasonalIdeas(new Date("2027-05-01T00:00:00Z")).map((i) => [i.theme, i.targetDate]);
    expect(spring.slice(0, 3)).toEqual([
      ["Mother's Day", "2027-05-09"],
      ["Memorial Day", "2027-05-31"],
      ["Father's Day", "2027-06-20"],
    ]);
  });
});

describe("the language-model writer", () => {
  let fake: Server;
  let baseUrl: string;
  let answer: (body: { messages: { content: string }[] }) => { status: number; content: string };
  let lastBody: { model: string; messages: { role: string; content: string }[] } | undefined;

  beforeAll(async () => {
    fake = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        lastBody = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        const { status, content } = answer(lastBody as { messages: { content: string }[] });
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify({ choices: [{ message: { content } }] }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  const modelEmail: GeneratedEmail = {
    subject: "Written by the model",
    htmlContent: "<p>Hello {{firstName}}</p>",
    textContent: "Hello {{firstName}}",
    expectedResponse: "5%",
    bestSendTime: "Tuesday 9 AM",
    personalizationTips: ["Use the first name"],
    followUpSuggestions: ["Follow up in 3 days"],
  };

  it("sends the wizard's brief and returns the model's email", async () => {
    answer = () => ({ status: 200, content: JSON.stringify(modelEmail) });
    const writer = openAiEmailWriter({ baseUrl, model: "m", timeoutMs: 5000 });
    const wizard = emailWizardService({ writer });
    const result = await wizard.generate(WizardState.parse(plumber));
    expect(result).toEqual({ email: modelEmail, writer: "openai-compatible:m" });
    expect(lastBody?.model).toBe("m");
    const brief = lastBody?.messages.at(-1)?.content ?? "";
    expect(brief).toContain("Bay Plumbing");
    expect(brief).toContain("Burst pipes at night");
  });

  it("falls back to the local writer when the model fails or answers something unusable", async () => {
    const writer = openAiEmailWriter({ baseUrl, model: "m", timeoutMs: 5000 });
    const warnings: string[] = [];
    const wizard = emailWizardService({ writer, log: { warn: (_o, message) => warnings.push(message) } });
    answer = () => ({ status: 500, content: "" });
    const failed = await wizard.generate(WizardState.parse(plumber));
    expect(failed.writer).toBe("local");
    expect(failed.email).toEqual(generateLocalEmail(WizardState.parse(plumber)));
    answer = () => ({ status: 200, content: JSON.stringify({ subject: "only a subject" }) });
    expect((await wizard.generate(WizardState.parse(plumber))).writer).toBe("local");
    expect(warnings).toHaveLength(2);
  });

  it("is used by the app when LLM_BASE_URL is set", async () => {
    answer = () => ({ status: 200, content: JSON.stringify(modelEmail) });
    const withModel = await createTestApp({ llm: { baseUrl, apiKey: "k", model: "m", timeoutMs: 5000 } });
    try {
      const c = await buildWorkspace(withModel);
      const response = await c.post("/api/email-marketing/generate-ai-email", plumber);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ emails: [modelEmail] });
    } finally {
      await withModel.close();
    }
  });
});
