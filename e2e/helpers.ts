import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";
import { simpleParser } from "mailparser";

export type Account = { username: string; email: string; password: string; fullName: string };

export function newAccount(prefix = "e2e"): Account {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    username: `${prefix}_${id}`,
    email: `${prefix}_${id}@example.com`,
    password: "e2e-password-123",
    fullName: `Jordan ${id.slice(-4).toUpperCase()} Rivera`,
  };
}

/**
 * A signed-in person on the personal plan with the terms accepted, at the dashboard. Made through
 * the API in the page's own cookie jar: the sign-up screen and the terms dialog are tested click
 * by click in shell.spec.ts (and `signUpThroughScreens`), and the 70-odd tests that only need
 * someone signed in skip two screens each.
 */
export async function signUpAndAcceptTerms(page: Page, account: Account = newAccount()): Promise<Account> {
  const { username, email, password, fullName } = account;
  const created = await page.request.post("/api/auth/signup", {
    data: { username, email, password, fullName, planType: "personal" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accepted = await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  // The dashboard has read the signed-in account (whatever the layout shows of it).
  const signedIn = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/user" && response.status() === 200,
  );
  await page.goto("/");
  await signedIn;
  return account;
}

/** Signs up through the /signup screen on the personal plan and accepts the terms in its dialog. */
export async function signUpThroughScreens(page: Page, account: Account = newAccount()): Promise<Account> {
  await page.goto("/signup");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Full Name").fill(account.fullName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: /Create Personal account/ }).click();
  await acceptTerms(page);
  return account;
}

/**
 * An invitation link to a business workspace made through `api` (a request context of its own,
 * so the page stays signed out): the owner signs up, accepts the terms and invites `email`.
 */
export async function invitationLink(
  api: APIRequestContext,
  { company = "Invite Test Ltd", email = newAccount("invited").email } = {},
): Promise<string> {
  const owner = newAccount("owner");
  const created = await api.post("/api/auth/signup", {
    data: { ...owner, planType: "business", businessInfo: { companyName: company } },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect((await api.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } })).ok()).toBe(true);
  const invited = await api.post("/api/workspace/invitations", { data: { email, role: "agent" } });
  expect(invited.status(), await invited.text()).toBe(201);
  return ((await invited.json()) as { url: string }).url;
}

export async function acceptTerms(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Terms and Conditions" });
  await expect(dialog).toBeVisible();
  for (const box of await dialog.getByRole("checkbox").all()) await box.check();
  await dialog.getByRole("button", { name: "Accept and Continue" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Rules that fail the scan whatever axe's impact rating: skipped heading levels (a screen's h1
 * followed by an h3) and a control whose accessible name does not contain its visible text
 * (axe ships that one disabled as experimental).
 */
const ALWAYS_FAIL = new Set(["heading-order", "label-content-name-mismatch"]);

/**
 * Runs axe-core on the page and returns its serious or critical violations, and those of
 * ALWAYS_FAIL, each as one line starting with `name` (attached in full to the report). For walks
 * that scan many screens and report every finding at the end.
 */
/**
 * Waits (up to 2 s) for the page's CSS transitions and finite animations to end: a colour caught
 * half-way (a link just made active, or hovered) fails axe's contrast check at random. Endless
 * ones (spinners) are not waited for.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

export async function accessibilityFindings(page: Page, testInfo: TestInfo, name: string): Promise<string[]> {
  await settleTransitions(page);
  // Legacy mode runs axe.run() in the page itself, same-origin frames included. The default
  // (runPartial in each frame, then finishRun in a blank page it opens and fills with axe-core
  // again) exists for cross-origin frames, which the app has none of, and took up to 3 s a scan.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical" || ALWAYS_FAIL.has(v.id),
  );
  if (serious.length) {
    await testInfo.attach(`axe-${name}.json`, {
      body: JSON.stringify(serious, null, 2),
      contentType: "application/json",
    });
  }
  return serious.map(
    (v) => `${name}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}

/** Runs axe-core on the page and fails on serious or critical violations, and on ALWAYS_FAIL. */
export async function expectAccessible(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  expect(await accessibilityFindings(page, testInfo, name), `accessibility of ${name}`).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** A toast's text inside the notifications region (Radix also announces it off-screen). */
export function toastText(page: Page, text: string | RegExp) {
  return page
    .getByRole("region", { name: /Notifications/ })
    .getByText(text)
    .first();
}

/**
 * Catches tel: links before the browser hands them to the system (a headless browser has no
 * dialler, and once it has tried one it stops delivering clicks to the page) and records them.
 * Returns a reader of the numbers dialled so far.
 */
export async function catchDialledLinks(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const dialled: string[] = [];
    (window as unknown as { dialled: string[] }).dialled = dialled;
    document.addEventListener(
      "click",
      (event) => {
        const link = (event.target as Element | null)?.closest?.("a[href^='tel:']");
        if (!link) return;
        event.preventDefault();
        dialled.push(link.getAttribute("href") ?? "");
      },
      true,
    );
  });
  return () => page.evaluate(() => [...(window as unknown as { dialled: string[] }).dialled]);
}

/**
 * Every screen's route: the spec (less /signup, which sends a signed-in person home) and
 * the spec's screens. Desktop-only ones are not part of the phone layouts.
 */
export const APP_ROUTES = [
  "/",
  "/active-calls",
  "/call-history",
  "/appointments",
  "/contacts",
  "/contact-manager",
  "/settings",
  "/subscription",
  "/business-plan",
  "/enterprise",
  "/enterprise-dashboard",
  "/call-system-test",
  "/ai-scripts",
  "/ai-agents",
  "/agent-manager",
  "/lead-manager",
  "/leads",
  "/conversation-flow",
  "/conversation-flow-simple",
  "/viasat-payment",
  "/grasshopper",
  "/ai-studio",
  "/autodialer",
  "/autodialer/console",
  "/email-marketing",
  "/email-marketing/outbox",
  "/email-wizard",
  "/reports",
  "/test-preview",
  "/agent-tests",
  "/call-test",
  "/admin",
  "/help",
  "/real-voice-calls",
  "/voice-call-demo",
] as const;
export const DESKTOP_ONLY_ROUTES: readonly string[] = ["/real-voice-calls", "/voice-call-demo"];

/** Where the test server (which sends no email) writes account messages: see playwright.config.ts. */
const ACCOUNT_OUTBOX = path.join(process.env.E2E_DATA_DIR ?? "test-results/e2e-data", "outbox", "accounts");

/**
 * The newest link to `page` in an account message to `to`, as a path to open, read from the test
 * server's outbox the way a person reads their inbox (a message may land just after the answer).
 */
export async function linkFromOutbox(
  to: string,
  page: "/reset-password" | "/confirm-email",
): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = await readdir(ACCOUNT_OUTBOX).catch(() => [] as string[]);
    const found: { at: number; link: string }[] = [];
    for (const name of names) {
      const raw = await readFile(path.join(ACCOUNT_OUTBOX, name)).catch(() => null);
      if (!raw) continue;
      const mail = await simpleParser(raw);
      const groups = mail.to ? (Array.isArray(mail.to) ? mail.to : [mail.to]) : [];
      const recipients = groups.flatMap((group) =>
        group.value.map((address) => address.address?.toLowerCase()),
      );
      if (!recipients.includes(to.toLowerCase())) continue;
      const link = new RegExp(`https?://\\S*${page}\\?token=[A-Za-z0-9_-]+`).exec(mail.text ?? "")?.[0];
      if (link) found.push({ at: mail.date?.getTime() ?? 0, link });
    }
    found.sort((a, b) => a.at - b.at);
    const newest = found.at(-1);
    if (newest) {
      const url = new URL(newest.link);
      return url.pathname + url.search;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${page} link in the outbox for ${to}`);
}

/**
 * Follows the confirmation link sent to `email` through `request` (which it signs in). ADMIN_EMAILS
 * makes an administrator only of a confirmed address; an address confirmed already stays so.
 */
export async function confirmEmailFromOutbox(request: APIRequestContext, email: string): Promise<void> {
  const link = new URL(await linkFromOutbox(email, "/confirm-email"), "http://localhost");
  const token = link.searchParams.get("token");
  const confirmed = await request.post("/api/auth/confirm-email", { data: { token } });
  // 400: the link was followed before (another spec confirmed this shared administrator).
  expect([200, 400], await confirmed.text()).toContain(confirmed.status());
}

/**
 * A place where it is inside the calling hours (08:00–21:00 local) now and for the next hour, for
 * the tests that place calls on the real server's wall clock (the dial gate refuses a callee
 * outside them): New York, London or Tokyo, which between them cover every hour of the day. Its
 * numbers end in the four digits given (the carrier simulator's outcome digits).
 */
export type CallingPlace = {
  zone: string;
  /** As a person types it. */
  typed(last4: string): string;
  e164(last4: string): string;
};

const CALLING_PLACES: CallingPlace[] = [
  { zone: "America/New_York", typed: (d) => `(212) 555-${d}`, e164: (d) => `+1212555${d}` },
  { zone: "Europe/London", typed: (d) => `+44 20 7946 ${d}`, e164: (d) => `+44207946${d}` },
  { zone: "Asia/Tokyo", typed: (d) => `+81 3 1234 ${d}`, e164: (d) => `+8131234${d}` },
];

export function callingPlaceNow(now = new Date()): CallingPlace {
  const hourIn = (zone: string) =>
    Number(
      new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(now),
    );
  const place = CALLING_PLACES.find((candidate) => {
    const hour = hourIn(candidate.zone);
    return hour >= 8 && hour < 20;
  });
  if (!place) throw new Error("no calling place is inside its hours now (the places should cover the day)");
  return place;
}

/**
 * Records consent to AI-voice calls for the numbers (E.164) on autodialer leads, where the dialer
 * keeps it: the assistant's calls to them (a contact's Call, bulk calls, /real-voice-calls) are
 * refused without it.
 */
export async function recordAiVoiceConsent(request: APIRequestContext, numbers: string[]): Promise<void> {
  const campaign = await request.post("/api/autodialer/campaigns", {
    data: { name: "AI-voice consent on file" },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);
  const { id } = (await campaign.json()) as { id: string };
  const leads = await request.post(`/api/autodialer/campaigns/${id}/leads`, {
    data: {
      leads: numbers.map((phoneNumber) => ({ phoneNumber, aiVoiceConsent: true, consentSource: "web form" })),
    },
  });
  expect(leads.status(), await leads.text()).toBe(201);
}
