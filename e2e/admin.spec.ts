import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
  type Response,
  test,
} from "@playwright/test";
import {
  confirmEmailFromOutbox,
  expectAccessible,
  newAccount,
  screenshot,
  signUpAndAcceptTerms,
  toastText,
} from "./helpers";

/**
 * The Admin Dashboard (/admin) in Chromium, as one platform administrator for
 * the whole file (ADMIN_EMAILS in playwright.config.ts makes e2e-admin@example.com one once its
 * confirmation link is followed): the
 * header's figures and buttons, the five tabs against the server, the spec's texts, and a person
 * who is not an administrator seeing no admin screen. Controls whose endpoint answers a failure
 * must show the the spec text (never a made-up success).
 */

/** maintenance.spec.ts signs up the same administrator; whichever runs first creates it. */
const ADMIN = { username: "e2e_admin", email: "e2e-admin@example.com", password: "e2e-admin-password" };
const PHONE = "+15551230199";

let context: BrowserContext;
let page: Page;
let api: APIRequestContext;
const target = newAccount("adm_target");

const tab = (name: string) => page.getByRole("tab", { name });
const pathIs =
  (path: string, method = "POST") =>
  (response: Response) =>
    new URL(response.url()).pathname === path && response.request().method() === method;

/**
 * After clicking a control: its success toast when the server did it, the spec's failure text
 * when it refused (an endpoint still being built answers 404, and the screen must say so).
 */
/** The action's answer was a success and the screen said so. */
async function expectSuccess(answer: Promise<Response>, success: string | RegExp) {
  const response = await answer;
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  await expect(toastText(page, success)).toBeVisible();
  return response;
}

test("a person who is not an administrator sees no admin screen", async ({ page: own, request }) => {
  // The platform's first account becomes its administrator: make sure that is not this person.
  await request.post("/api/auth/signup", { data: { ...ADMIN, fullName: "Ada Admin" } });
  await signUpAndAcceptTerms(own);
  await own.goto("/admin");
  await expect(own.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(own.getByText("Only platform administrators can do that.")).toBeVisible();
  await expect(own.getByRole("tab")).toHaveCount(0);
  await expect(own.getByRole("button", { name: "Backup Now" })).toHaveCount(0);
  expect((await own.request.get("/api/admin/stats")).status()).toBe(403);
});

test.describe
  .serial("admin dashboard", () => {
    test.beforeAll(async ({ browser, baseURL }) => {
      context = await browser.newContext();
      page = await context.newPage();
      await page.request.post("/api/auth/signup", { data: { ...ADMIN, fullName: "Ada Admin" } });
      await confirmEmailFromOutbox(page.request, ADMIN.email);
      const signedIn = await page.request.post("/api/auth/login", {
        data: { login: ADMIN.email, password: ADMIN.password },
      });
      expect(signedIn.status(), await signedIn.text()).toBe(200);
      await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });

      // A person to look after: signed up in a cookie jar of their own, with one call made.
      api = await playwrightRequest.newContext({ baseURL });
      const created = await api.post("/api/auth/signup", { data: { ...target, planType: "personal" } });
      expect(created.status(), await created.text()).toBe(201);
      expect((await api.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } })).ok()).toBe(true);
      const call = await api.post("/api/calls/simulate", { data: { phoneNumber: PHONE } });
      expect(call.status(), await call.text()).toBe(201);
      // A failed sign-in for the Security tab, from a jar of its own (a sign-in ends the jar's session).
      const stranger = await playwrightRequest.newContext({ baseURL });
      const refused = await stranger.post("/api/auth/login", {
        data: { login: target.email, password: "not-it-123" },
      });
      expect(refused.status()).toBe(401);
      await stranger.dispose();
    });

    test.afterAll(async () => {
      await api?.dispose();
      await context?.close();
    });

    test("header figures and the Users tab: search, suspend, activate, bulk", async () => {
      const testInfo = test.info();
      await page.goto("/admin");
      await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
      const figures = page.getByRole("region", { name: "Platform figures" });
      await expect(figures.getByTestId("admin-stat-total-users")).toHaveText(/^\d[\d,]*$/);
      await expect(figures.getByText(/Healthy|Warning|Critical/)).toBeVisible();
      for (const name of ["Clear Cache", "Backup Now", "Export All", "Refresh"])
        await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
      for (const name of ["Users", "Calls", "Analytics", "Configuration", "Security"])
        await expect(tab(name)).toBeVisible();

      // Server-side search finds the person; the administrator's own row offers no suspend.
      await page.getByLabel("Search users").fill(target.username);
      const row = page.getByTestId(`admin-user-${target.username}`);
      await expect(row).toBeVisible();
      await expect(page.getByRole("table", { name: "Users" }).getByRole("row")).toHaveCount(2);
      await expect(row.getByText("Active", { exact: true })).toBeVisible();
      await screenshot(page, "admin-users");
      await expectAccessible(page, testInfo, "admin-users");

      await row.getByRole("button", { name: `Suspend ${target.username}` }).click();
      // Asked first: keeping them changes nothing.
      const asked = page.getByRole("dialog", { name: `Suspend ${target.username}?` });
      await expect(asked).toBeVisible();
      await asked.getByRole("button", { name: "Keep Active" }).click();
      await expect(row.getByText("Active", { exact: true })).toBeVisible();
      await row.getByRole("button", { name: `Suspend ${target.username}` }).click();
      await asked.getByRole("button", { name: "Suspend", exact: true }).click();
      await expect(toastText(page, "User Suspended")).toBeVisible();
      await expect(row.getByText("Suspended", { exact: true })).toBeVisible();
      // Suspended people cannot sign in.
      const barred = await api.post("/api/auth/login", {
        data: { login: target.email, password: target.password },
      });
      expect(barred.status()).toBe(403);

      // Activated, they may sign in again; their sessions ended, so they show as inactive until they do.
      await row.getByRole("button", { name: `Activate ${target.username}` }).click();
      await expect(toastText(page, "User Activated")).toBeVisible();
      await expect(row.getByText("Inactive", { exact: true })).toBeVisible();
      const back = await api.post("/api/auth/login", {
        data: { login: target.email, password: target.password },
      });
      expect(back.status(), await back.text()).toBe(200);
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(row.getByText("Active", { exact: true })).toBeVisible();

      // Bulk on the chosen rows.
      await row.getByRole("checkbox", { name: `Select ${target.username}` }).click();
      await expect(page.getByText("1 selected")).toBeVisible();
      await page.getByRole("button", { name: "Suspend Selected" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Suspend", exact: true }).click();
      await expect(toastText(page, "Users Suspended")).toBeVisible();
      await expect(row.getByText("Suspended", { exact: true })).toBeVisible();
      await row.getByRole("checkbox", { name: `Select ${target.username}` }).click();
      await page.getByRole("button", { name: "Activate Selected" }).click();
      await expect(toastText(page, "Users Activated")).toBeVisible();
      await expect(row.getByText("Inactive", { exact: true })).toBeVisible();
      expect(
        (
          await api.post("/api/auth/login", { data: { login: target.email, password: target.password } })
        ).ok(),
      ).toBe(true);

      // A search with no match says so.
      await page.getByLabel("Search users").fill("nobody-has-this-name");
      await expect(page.getByText("No users match these filters.")).toBeVisible();
    });

    test("Calls and Analytics tabs", async () => {
      const calls = page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/api/admin/calls",
      );
      await tab("Calls").click();
      expect((await calls).ok()).toBe(true);
      {
        await page.getByLabel("Search calls").fill(PHONE);
        const table = page.getByRole("table", { name: "Calls" });
        await expect(table.getByText(PHONE)).toBeVisible();
        await expect(table.getByText(/^\$\d+\.\d\d$/).first()).toBeVisible();
        await page.getByLabel("Call status").selectOption("blocked");
        await expect(page.getByText("No calls match these filters.")).toBeVisible();
        await page.getByLabel("Call status").selectOption("");
        await expect(table.getByText(PHONE)).toBeVisible();
        await screenshot(page, "admin-calls");
      }

      await tab("Analytics").click();
      await expect(page.getByTestId("admin-stat-today-s-calls")).toHaveText(/^[1-9]\d*$/);
      for (const check of ["Database", "Job queue", "Disk space", "Error rate"])
        await expect(page.getByRole("tabpanel").getByText(check, { exact: true })).toBeVisible();
      await screenshot(page, "admin-analytics");
    });

    test("Configuration: the stored settings, a refused value, a saved change; the header's buttons", async () => {
      const config = page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/api/admin/config",
      );
      await tab("Configuration").click();
      expect((await config).ok()).toBe(true);
      {
        const form = page.getByRole("form", { name: "System configuration" });
        const ceiling = form.getByLabel("Max concurrent calls");
        await expect(ceiling).not.toHaveValue("");
        const before = await ceiling.inputValue();
        // Nothing changed: nothing is sent.
        await form.getByRole("button", { name: "Save Configuration" }).click();
        await expect(form.getByText("Change at least one setting")).toBeVisible();
        await ceiling.fill("0");
        await form.getByRole("button", { name: "Save Configuration" }).click();
        await expect(form.getByText("Max concurrent calls must be at least 1")).toBeVisible();

        await ceiling.fill(String(Number(before) + 1));
        const saved = page.waitForResponse(pathIs("/api/admin/config"));
        await form.getByRole("button", { name: "Save Configuration" }).click();
        await expectSuccess(saved, "Configuration Updated");
        await page.reload();
        await expect(
          page.getByRole("form", { name: "System configuration" }).getByLabel("Max concurrent calls"),
        ).toHaveValue(String(Number(before) + 1));
        await page.getByLabel("Max concurrent calls").fill(before);
        const restored = page.waitForResponse(pathIs("/api/admin/config"));
        await page.getByRole("button", { name: "Save Configuration" }).click();
        expect((await restored).ok()).toBe(true);
      }

      const header = page.getByRole("main");
      const cleared = page.waitForResponse(pathIs("/api/admin/quick-action"));
      await header.getByRole("button", { name: "Clear Cache" }).first().click();
      await expectSuccess(cleared, "Cache Cleared");

      const backedUp = page.waitForResponse(pathIs("/api/admin/system/backup"));
      await header.getByRole("button", { name: "Backup Now" }).first().click();
      await expectSuccess(backedUp, "Backup Created");
      // Listed once the page has reloaded its figures (2 s after a system action).
      await expect(
        page
          .getByRole("table", { name: "Backups" })
          .getByText(/^backup-.+-manual\.tar\.gz$/)
          .first(),
      ).toBeVisible();

      const exported = page.waitForResponse(pathIs("/api/admin/export/all", "GET"));
      const download = page.waitForEvent("download", { timeout: 15_000 }).catch(() => null);
      await header.getByRole("button", { name: "Export All" }).first().click();
      await expectSuccess(exported, "Export Complete");
      expect((await download)?.suggestedFilename()).toMatch(/\d{4}-\d{2}-\d{2}/);

      // Cleanup Inactive lists what it would remove and removes nothing until confirmed (or finds nothing).
      const listed = page.waitForResponse(pathIs("/api/admin/quick-action"));
      await page.getByRole("button", { name: "Cleanup Inactive" }).click();
      const listing = await listed;
      expect(listing.ok()).toBe(true);
      if (!(await listing.json()).needsConfirmation)
        await expect(toastText(page, "Nothing to clean up")).toBeVisible();
      else {
        const ask = page.getByRole("dialog", { name: "Remove inactive data?" });
        await expect(ask).toBeVisible();
        await ask.getByRole("button", { name: "Keep" }).click();
        await expect(ask).toBeHidden();
      }
      await screenshot(page, "admin-configuration");
    });

    test("Security: recent failed sign-ins, active sessions and the audit log by action", async () => {
      await tab("Security").click();
      const failures = page.getByRole("list", { name: "Recent failed sign-ins" });
      // The wrong password, then the sign-in tried while suspended.
      await expect(failures.getByText(target.email).first()).toBeVisible();
      await expect(failures.getByText("Suspended account").first()).toBeVisible();
      await expect(failures.getByText("Wrong password").first()).toBeVisible();
      const log = page.getByRole("table", { name: "Audit log" });
      await expect(log).toBeVisible();
      await page.getByLabel("Audit action").selectOption("user.suspended");
      await expect(log.getByText("User suspended").first()).toBeVisible();
      await expect(log.getByText(target.username).first()).toBeVisible();
      await expect(log.getByText("Failed sign-in")).toHaveCount(0);
      // The browsers signed in now, from the sessions: this one, used a moment ago.
      const sessions = page.getByRole("list", { name: "Active sessions" });
      const mine = sessions.getByRole("listitem").filter({ hasText: ADMIN.email });
      await expect(mine.first()).toContainText(ADMIN.username);
      await expect(mine.first()).toContainText(/from \S+/);
      await expect(mine.first()).toContainText("last used");
      await screenshot(page, "admin-security");

      // A phone: the screen fits its width (the tables scroll inside their own regions).
      await page.setViewportSize({ width: 390, height: 844 });
      await tab("Users").click();
      await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, "admin-phone");
      await page.setViewportSize({ width: 1366, height: 900 });
    });

    test("Sales: an enquiry from /enterprise moves on to Won; a person's plan set to an enterprise plan", async () => {
      const testInfo = test.info();
      // The person sends a contact-sales enquiry from their own workspace.
      const company = `Northwind ${target.username}`;
      const sent = await api.post("/api/enterprise/enquiries", {
        data: { name: "Morgan Lee", email: "morgan@example.com", company, planId: "enterprise_scale" },
      });
      expect(sent.status(), await sent.text()).toBe(201);

      await tab("Sales").click();
      const enquiry = page.getByRole("list", { name: "Enquiries" }).getByRole("listitem", { name: company });
      await expect(enquiry).toBeVisible();
      await expect(enquiry.getByText("Enterprise Scale")).toBeVisible();
      await expect(enquiry.getByTestId("enquiry-status")).toHaveText("New");
      await screenshot(page, "admin-sales");
      await expectAccessible(page, testInfo, "admin-sales");
      const status = enquiry.getByLabel(`Status of ${company}'s enquiry`);
      await status.selectOption("contacted");
      await expect(toastText(page, `${company}: Contacted`)).toBeVisible();
      await status.selectOption("won");
      await expect(enquiry.getByTestId("enquiry-status")).toHaveText("Won");
      // Filtered to the new ones, it is gone; to the won ones, it is there.
      await page.getByLabel("Show").selectOption("new");
      await expect(page.getByRole("listitem", { name: company })).toHaveCount(0);
      await page.getByLabel("Show").selectOption("won");
      await expect(page.getByRole("listitem", { name: company })).toBeVisible();

      // The deal is won: the person's workspace goes on Enterprise Scale from the Users tab.
      await tab("Users").click();
      await page.getByLabel("Search users").fill(target.username);
      const row = page.getByTestId(`admin-user-${target.username}`);
      await row.getByLabel(`Plan of ${target.username}`).selectOption("enterprise_scale");
      await expect(toastText(page, `${target.username} is on the Enterprise Scale plan now`)).toBeVisible();
      const theirs = (await (await api.get("/api/subscription")).json()) as {
        subscription: { planType: string; planName: string };
      };
      expect(theirs.subscription).toMatchObject({
        planType: "enterprise_scale",
        planName: "Enterprise Scale",
      });
      const audit = await page.request.get("/api/admin/audit-log?action=workspace.plan-changed");
      expect(JSON.stringify(await audit.json())).toContain("enterprise_scale");
      await screenshot(page, "admin-user-plan");
    });

    test("Support: a request from Help heads the queue and is answered by email", async () => {
      const testInfo = test.info();
      const subject = `Bulk call stuck ${target.username}`;
      const asked = await api.post("/api/support/requests", {
        data: { subject, message: "My bulk call stopped at 40 numbers." },
      });
      expect(asked.status(), await asked.text()).toBe(201);

      await tab("Support").click();
      const request = page
        .getByRole("list", { name: "Support requests" })
        .getByRole("listitem", { name: subject });
      await expect(request).toBeVisible();
      await expect(request.getByText("Enterprise Scale")).toBeVisible();
      await expect(request.getByText("Priority", { exact: true })).toBeVisible();
      await screenshot(page, "admin-support");
      await expectAccessible(page, testInfo, "admin-support");
      await expect(request.getByRole("button", { name: "Send reply" })).toBeDisabled();
      await request
        .getByLabel(/^Reply to /)
        .fill("It resumes on its own at 9 AM, inside your calling hours.");
      await request.getByRole("button", { name: "Send reply" }).click();
      await expect(toastText(page, "Reply Sent")).toBeVisible();
      await expect(page.getByRole("listitem", { name: subject })).toHaveCount(0);
      await page.getByLabel("Show").selectOption("answered");
      await expect(
        page.getByRole("listitem", { name: subject }).getByText("It resumes on its own"),
      ).toBeVisible();
      // The person reads the reply under Help too.
      const theirs = (await (await api.get("/api/support/requests")).json()) as {
        requests: { subject: string; reply: string | null }[];
      };
      expect(theirs.requests.find((entry) => entry.subject === subject)?.reply).toContain("It resumes");
    });

    test("Add User shows a one-time link; Delete asks first", async () => {
      await tab("Users").click();
      await page.getByRole("button", { name: "Add User" }).click();
      const dialog = page.getByRole("dialog", { name: "Add User" });
      await dialog.getByRole("button", { name: "Add User" }).click();
      await expect(dialog.getByText("Enter a valid email address")).toBeVisible();
      const added = newAccount("adm_added");
      await dialog.getByLabel("Username").fill(added.username);
      await dialog.getByLabel("Email").fill(added.email);
      const answer = page.waitForResponse(pathIs("/api/admin/users"));
      await dialog.getByRole("button", { name: "Add User" }).click();
      expect((await answer).status()).toBe(201);
      const done = page.getByRole("dialog", { name: "User Added" });
      await expect(done.getByLabel("One-time sign-in link")).toHaveValue(/^https?:\/\/.+/);
      await screenshot(page, "admin-add-user");
      await done.getByRole("button", { name: "Done" }).click();
      // The person added is listed.
      await page.getByLabel("Search users").fill(added.username);
      await expect(page.getByTestId(`admin-user-${added.username}`)).toBeVisible();

      await page.getByLabel("Search users").fill(target.username);
      const row = page.getByTestId(`admin-user-${target.username}`);
      await row.getByRole("button", { name: `Delete ${target.username}` }).click();
      const confirm = page.getByRole("dialog", { name: `Delete ${target.username}?` });
      await confirm.getByRole("button", { name: "Keep User" }).click();
      await expect(row).toBeVisible();
      await row.getByRole("button", { name: `Delete ${target.username}` }).click();
      const id = await userId(target.username);
      const deleted = page.waitForResponse(pathIs(`/api/admin/users/${id}/delete`), { timeout: 15_000 });
      await confirm.getByRole("button", { name: "Delete User" }).click();
      await expectSuccess(deleted, "User Deleted");
      await expect(page.getByText("No users match these filters.")).toBeVisible();
      // Gone from the server too, with their sign-in.
      const after = await page.request.get(`/api/admin/users?search=${encodeURIComponent(target.username)}`);
      expect(((await after.json()) as { users: unknown[] }).users).toHaveLength(0);
    });
  });

/** The id the admin list gives a username. */
async function userId(username: string): Promise<string> {
  const answer = await page.request.get(`/api/admin/users?search=${encodeURIComponent(username)}`);
  const { users } = (await answer.json()) as { users: { id: string; username: string }[] };
  const found = users.find((user) => user.username === username);
  if (!found) throw new Error(`${username} is not listed`);
  return found.id;
}
