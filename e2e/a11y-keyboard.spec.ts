import { devices, expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible, newAccount, signUpAndAcceptTerms } from "./helpers";

/**
 * WCAG 2.2 AA by keyboard, beside the axe scans: the skip link, a title per screen and the
 * route announced, focus back on what opened a dialog, focus kept when the focused control is
 * disabled or replaced (Start, Add Leads, sign-in), Escape for the dialog before a toast, the
 * first invalid field after a failed check, focused controls clear of the phone's bottom bar
 * (2.4.11), the More sheet's first item, no sideways scrolling on /call-system-test, and reduced
 * motion. Everything here is done with keys; the mouse is not used.
 */

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, { limit = 80, back = false } = {}): Promise<void> {
  for (let press = 0; press < limit; press++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/** What has focus, as a person would name it: tag, role and accessible text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "BODY";
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return `${element.tagName.toLowerCase()}:${name}`;
  });

const focusIsOnBody = (page: Page) =>
  page.evaluate(() => !document.activeElement || document.activeElement === document.body);

/** A business workspace (the dialer's screens need one), signed in through the page's cookies. */
async function businessOwner(page: Page) {
  const account = newAccount("a11y");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: "Keyboard Ltd" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accepted = await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return account;
}

test("the skip link is the first Tab stop; each screen has its own title and is announced", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Dashboard · AI Platform");

  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  // The next Tab stop is inside the screen, not the header or the sidebar.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.getElementById("main")?.contains(document.activeElement))).toBe(
    true,
  );

  // Through the sidebar by keyboard: the title follows and the new screen is announced.
  const nav = page.getByRole("navigation", { name: "Main" });
  const announcer = page.getByTestId("route-announcer");
  for (const [label, title] of [
    ["Call History", "Call History"],
    ["Appointments", "Appointments"],
    ["Settings", "Settings"],
  ] as const) {
    await tabTo(page, nav.getByRole("link", { name: label, exact: true }), { back: true });
    await page.keyboard.press("Enter");
    await expect(page).toHaveTitle(`${title} · AI Platform`);
    await expect(announcer).toHaveText(title);
    await expect(announcer).toHaveAttribute("aria-live", "polite");
  }

  // Every route its own title.
  const titles: Record<string, string> = {
    "/contacts": "Contacts",
    "/autodialer": "Autodialer",
    "/test-preview": "Test Preview",
    "/call-system-test": "Call System Test",
    "/conversation-flow": "Conversation Flow",
    "/conversation-flow-simple": "Conversation Cards",
    "/email-marketing/outbox": "Outbox",
    "/no-such-page": "Page Not Found",
  };
  const seen = new Set<string>();
  for (const [path, title] of Object.entries(titles)) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} · AI Platform`);
    seen.add(await page.title());
  }
  expect(seen.size).toBe(Object.keys(titles).length);
  await page.goto("/");
  await expectAccessible(page, testInfo, "skip-link-dashboard");
});

test("dialogs opened by plain buttons give focus back to them; Escape closes the dialog before a toast", async ({
  page,
}) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();

  // Add Contact: opened with Enter, closed with Escape and with the dialog's Cancel.
  const add = page.getByRole("main").getByRole("button", { name: "Add Contact" });
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add New Contact" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // A failed check puts focus on the first field with a problem, not on the button.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole("button", { name: "Add Contact" }));
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Name is required", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await page.keyboard.type("Ann Lee");
  await tabTo(page, dialog.getByLabel("Email"));
  await page.keyboard.type("ann@");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("ann@example.com");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // Edit and Delete on a row: each dialog gives focus back to its row's button.
  const edit = page.getByRole("button", { name: "Edit Ann Lee" });
  await tabTo(page, edit);
  await page.keyboard.press("Enter");
  const editing = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(editing).toBeVisible();
  await tabTo(page, editing.getByRole("button", { name: "Cancel" }));
  await page.keyboard.press("Enter");
  await expect(editing).toBeHidden();
  await expect(edit).toBeFocused();

  const remove = page.getByRole("button", { name: "Delete Ann Lee" });
  await tabTo(page, remove);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: /Delete/ });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();

  // A toast shown over an open dialog: Escape closes the dialog, the toast stays, the next
  // Escape is the toast's.
  await page.route("**/api/contacts", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, json: { message: "The contact could not be saved just now." } })
      : route.fallback(),
  );
  await tabTo(page, add, { back: true });
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.type("Bob Stone");
  await page.keyboard.press("Enter");
  const toast = page.locator('li[data-state="open"]').filter({ hasText: "could not be saved" });
  await expect(toast).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(toast).toBeVisible();
  await expect(add).toBeFocused();
  await page.unroute("**/api/contacts");
});

test("focus stays on a control that is busy or replaced: Start becomes Pause, Add Leads, after sign-in", async ({
  page,
}) => {
  const owner = await businessOwner(page);
  const created = await page.request.post("/api/autodialer/campaigns", { data: { name: "Keyboard Drive" } });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto("/autodialer");
  await expect(page.getByRole("heading", { level: 1, name: "Autodialer" })).toBeVisible();
  const card = page.getByRole("region", { name: "Keyboard Drive", exact: true });

  // Add Leads by keyboard: the dialog keeps focus on its button while it adds, shows the result,
  // and gives focus back to the card's button when it closes.
  const addLeads = card.getByRole("button", { name: "Add leads to Keyboard Drive" });
  await tabTo(page, addLeads);
  await page.keyboard.press("Enter");
  const adding = page.getByRole("dialog", { name: "Add Leads" });
  await expect(adding).toBeVisible();
  await tabTo(page, adding.getByRole("textbox", { name: "Lead lines" }));
  await page.keyboard.type("(212) 555-0191, Ada, Lovelace");
  const submit = adding.getByRole("button", { name: "Add Leads" });
  await tabTo(page, submit);
  await page.keyboard.press("Enter");
  await expect(adding.getByTestId("leads-result")).toContainText("1 lead added");
  await expect(submit).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(adding).toBeHidden();
  await expect(addLeads).toBeFocused();

  // Start: the button is busy while the request runs and then reads Pause; focus stays on it.
  const start = card.getByRole("button", { name: "Start Keyboard Drive" });
  await tabTo(page, start, { back: true });
  await page.route("**/api/autodialer/campaigns/*/start", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.fallback();
  });
  await page.keyboard.press("Enter");
  await expect(card.getByRole("button", { name: "Pause Keyboard Drive" })).toBeVisible();
  expect(await focusIsOnBody(page)).toBe(false);
  await expect(card.getByRole("button", { name: "Pause Keyboard Drive" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("button", { name: "Start Keyboard Drive" })).toBeFocused();

  // Sign out, then sign in from the landing page: the Sign In button that opened the dialog is
  // gone once signed in, so focus goes to the dashboard's heading.
  await page.request.post("/api/auth/logout");
  await page.goto("/");
  const signIn = page.getByRole("banner").getByRole("button", { name: "Sign In" });
  await tabTo(page, signIn);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Welcome to AI Platform" });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel("Email or username"));
  await page.keyboard.type(owner.email);
  await tabTo(page, dialog.getByLabel("Password"));
  await page.keyboard.type(owner.password);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeFocused();
  expect(await focusedName(page)).toMatch(/^h1:/);
});

const { defaultBrowserType: _browser, ...pixel } = devices["Pixel 7"];

test.describe("at 390 px", () => {
  test.use({ ...pixel, viewport: { width: 390, height: 844 } });

  /** The focused element's box ends above the bottom bar's top edge. */
  async function expectClearOfBottomBar(page: Page, target: Locator, name: string) {
    await expect(target).toBeFocused();
    const bar = await page.getByRole("navigation", { name: "App" }).boundingBox();
    expect(bar).not.toBeNull();
    // Scrolling into view happens with focus; give a smooth scroll (if any) time to end.
    await expect
      .poll(async () => {
        const box = await target.boundingBox();
        return box ? box.y + box.height <= bar!.y : false;
      }, `${name} is clear of the bottom bar`)
      .toBe(true);
    const box = await target.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/a11y-focus-${name}-390.png` });
  }

  test("focused controls are never under the bottom bar; More opens on its first item", async ({ page }) => {
    await signUpAndAcceptTerms(page);
    for (const name of ["Ann Lee", "Bob Stone", "Cara Diaz", "Dev Patel", "Eve Moss", "Finn Ray"]) {
      const created = await page.request.post("/api/contacts", {
        data: { name, phoneNumber: "(212) 555-0142", notes: "A longer note to make the row taller" },
      });
      expect(created.status(), await created.text()).toBe(201);
    }

    // /contacts: walk down the list by Tab; each row's Delete is in view when it has focus.
    await page.goto("/contacts");
    await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
    for (const name of ["Ann Lee", "Dev Patel", "Finn Ray"]) {
      const remove = page.getByRole("button", { name: `Delete ${name}` });
      await tabTo(page, remove);
      await expectClearOfBottomBar(page, remove, `contacts-delete-${name.split(" ")[0]!.toLowerCase()}`);
    }

    // /test-preview: Send, under the conversation.
    await page.goto("/test-preview");
    await expect(page.getByRole("heading", { level: 1, name: "Test Preview" })).toBeVisible();
    const send = page.getByRole("button", { name: "Send" });
    await tabTo(page, page.getByRole("textbox").last());
    await page.keyboard.type("Hello, is this the right number?");
    await tabTo(page, send);
    await expectClearOfBottomBar(page, send, "test-preview-send");

    // Settings: Change Password, at the end of its form.
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    const change = page.getByRole("button", { name: "Change Password" });
    await tabTo(page, change, { limit: 150 });
    await expectClearOfBottomBar(page, change, "settings-change-password");

    // More: the sheet opens with focus on its first item (in view), not on Sign Out.
    await page.goto("/");
    const more = page.getByRole("navigation", { name: "App" }).getByRole("button", { name: "More" });
    await more.focus();
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog", { name: "More" });
    await expect(sheet).toBeVisible();
    const first = sheet.getByRole("navigation", { name: "More" }).getByRole("link").first();
    await expect(first).toBeFocused();
    await expect(first).toBeInViewport();
    await page.screenshot({ path: "test-results/screenshots/a11y-focus-more-sheet-390.png" });
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(more).toBeFocused();
  });
});

test.describe("narrow windows", () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test("/call-system-test does not scroll sideways at 320 px, nor at 390 px with results", async ({
    page,
  }) => {
    await signUpAndAcceptTerms(page);
    await page.goto("/call-system-test");
    await expect(page.getByRole("heading", { level: 1, name: "Call System Test" })).toBeVisible();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Start Test" }).click();
    const table = page.getByRole("table", { name: "Test calls" });
    await expect(table).toBeVisible({ timeout: 30_000 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    // At 390 px the calls table fits its card whole.
    expect(
      await table.evaluate((element) => {
        const box = element.parentElement!;
        return box.scrollWidth - box.clientWidth;
      }),
    ).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: "test-results/screenshots/a11y-call-system-test-320.png", fullPage: true });
  });
});

test.describe("reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("transitions and animations end at once when the person asks for less motion", async ({ page }) => {
    await signUpAndAcceptTerms(page);
    await page.goto("/contacts");
    await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
    const durations = await page.evaluate(() => {
      const probe = document.createElement("div");
      probe.className = "animate-spin transition-colors";
      document.body.append(probe);
      const style = getComputedStyle(probe);
      const button = getComputedStyle(document.querySelector("main button")!);
      const result = {
        animation: style.animationDuration,
        iterations: style.animationIterationCount,
        transition: button.transitionDuration,
      };
      probe.remove();
      return result;
    });
    expect(Number.parseFloat(durations.animation)).toBeLessThan(0.001);
    expect(durations.iterations).toBe("1");
    expect(Number.parseFloat(durations.transition)).toBeLessThan(0.001);
  });
});
