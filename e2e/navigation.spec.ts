import { devices, expect, type Locator, type Page, test } from "@playwright/test";
import {
  APP_ROUTES,
  acceptTerms,
  DESKTOP_ONLY_ROUTES,
  expectAccessible,
  screenshot,
  signUpAndAcceptTerms,
} from "./helpers";

/**
 * Issue 9, walk 3: every screen is reachable by clicking from the dashboard, in each layout.
 * Each route is reached from the dashboard with clicks only (no typed addresses), and shows its
 * own screen, not the 404 page.
 */

/** Every route but the dashboard, where each walk starts. */
const ROUTES = APP_ROUTES.filter((path) => path !== "/");
const DESKTOP_ONLY = new Set(DESKTOP_ONLY_ROUTES);
const ADMIN_ONLY = new Set(["/admin"]);
/** Matches ADMIN_EMAILS in playwright.config.ts. */
const ADMIN_EMAIL = "e2e-admin@example.com";

type Layout = {
  /** The navigation that leads home and holds the tabs or the sidebar. */
  bar: (page: Page) => Locator;
  home: string;
};

const DESKTOP: Layout = { bar: (page) => page.getByRole("navigation", { name: "Main" }), home: "Dashboard" };
const MOBILE: Layout = { bar: (page) => page.getByRole("navigation", { name: "Mobile" }), home: "Home" };
const APP: Layout = { bar: (page) => page.getByRole("navigation", { name: "App" }), home: "Home" };

async function backToDashboard(page: Page, layout: Layout): Promise<void> {
  await layout.bar(page).getByRole("link", { name: layout.home, exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("region", { name: "Today" })).toBeVisible();
}

/** The link to `path` in the bar or sidebar, else in the "More" sheet (opened by a click). */
async function linkTo(page: Page, layout: Layout, path: string): Promise<Locator | null> {
  const direct = layout.bar(page).locator(`a[href="${path}"]`);
  if (await direct.count()) return direct;
  const more = layout.bar(page).getByRole("button", { name: "More" });
  if (!(await more.count())) return null;
  await more.click();
  const sheet = page.getByRole("dialog", { name: "More" });
  await expect(sheet).toBeVisible();
  const inSheet = sheet.getByRole("navigation", { name: "More" }).locator(`a[href="${path}"]`);
  if (await inSheet.count()) return inSheet;
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  return null;
}

async function walkEveryRoute(page: Page, layout: Layout, expected: string[]): Promise<void> {
  const missing: string[] = [];
  for (const path of expected) {
    await backToDashboard(page, layout);
    const link = await linkTo(page, layout, path);
    if (!link) {
      missing.push(path);
      continue;
    }
    await expect(link).toBeVisible();
    await link.click();
    await expect(page, `clicking the link to ${path}`).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("dialog", { name: "More" })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toHaveCount(0);
  }
  expect(missing, "screens with no link to click").toEqual([]);
}

async function expectNotOffered(page: Page, layout: Layout, paths: string[]): Promise<void> {
  for (const path of paths) {
    await backToDashboard(page, layout);
    expect(await linkTo(page, layout, path), `${path} is not offered here`).toBeNull();
  }
}

test("desktop: the sidebar reaches every screen, and the header signs out", async ({ page, request }) => {
  // The first attempt creates the administrator; a retry signs in to the same account.
  const password = "e2e-admin-password";
  await request.post("/api/auth/signup", {
    data: { username: "e2e_admin", email: ADMIN_EMAIL, password, fullName: "Ada Admin" },
  });
  await page.goto("/");
  await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome to AI Platform" });
  await dialog.getByLabel("Email or username").fill(ADMIN_EMAIL);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).last().click();
  const terms = page.getByRole("dialog", { name: "Terms and Conditions" });
  await expect(page.getByRole("region", { name: "Today" }).or(terms)).toBeVisible();
  if (await terms.isVisible()) await acceptTerms(page);
  await expect(DESKTOP.bar(page).getByRole("link", { name: "Admin Dashboard" })).toBeVisible();

  await walkEveryRoute(page, DESKTOP, ROUTES);
  await backToDashboard(page, DESKTOP);
  await screenshot(page, "navigation-desktop");
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("main").getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
});

test("desktop: a member who is not an administrator is not offered the admin screen", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  await expectNotOffered(page, DESKTOP, [...ADMIN_ONLY]);
});

test.describe("narrow window", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the bottom bar and its More sheet reach every screen and sign out", async ({ page }, testInfo) => {
    const account = await signUpAndAcceptTerms(page);
    const reachable = ROUTES.filter((path) => !DESKTOP_ONLY.has(path) && !ADMIN_ONLY.has(path));
    await walkEveryRoute(page, MOBILE, reachable);
    await expectNotOffered(page, MOBILE, [...DESKTOP_ONLY, ...ADMIN_ONLY]);

    await backToDashboard(page, MOBILE);
    await MOBILE.bar(page).getByRole("button", { name: "More" }).click();
    const sheet = page.getByRole("dialog", { name: "More" });
    await expect(sheet).toContainText(account.fullName);
    await expect(sheet).toContainText(account.email);
    await screenshot(page, "navigation-mobile-more");
    await expectAccessible(page, testInfo, "more-sheet");
    await sheet.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("main").getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
  });
});

test.describe("phone", () => {
  const { defaultBrowserType: _browser, ...pixel } = devices["Pixel 7"];
  test.use(pixel);

  test("the four tabs and the More sheet reach every screen and sign out", async ({ page }) => {
    const account = await signUpAndAcceptTerms(page);
    const reachable = ROUTES.filter((path) => !DESKTOP_ONLY.has(path) && !ADMIN_ONLY.has(path));
    await walkEveryRoute(page, APP, reachable);
    await expectNotOffered(page, APP, [...DESKTOP_ONLY, ...ADMIN_ONLY]);

    await backToDashboard(page, APP);
    await APP.bar(page).getByRole("button", { name: "More" }).click();
    const sheet = page.getByRole("dialog", { name: "More" });
    await expect(sheet).toContainText(account.email);
    await screenshot(page, "navigation-app-more");
    await sheet.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("main").getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  });
});
