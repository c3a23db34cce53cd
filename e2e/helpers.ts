import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";

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
 * Every screen's route: spec 1 §2.2 (less /signup, which sends a signed-in person home) and
 * spec 2's screens. Desktop-only ones are not part of the phone layouts (spec 1 §2.1).
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
  "/test-preview",
  "/agent-tests",
  "/call-test",
  "/admin",
  "/real-voice-calls",
  "/voice-call-demo",
] as const;
export const DESKTOP_ONLY_ROUTES: readonly string[] = ["/real-voice-calls", "/voice-call-demo"];
