import { devices, expect, type Page, test } from "@playwright/test";
import { APP_ROUTES, DESKTOP_ONLY_ROUTES, expectAccessible, signUpAndAcceptTerms } from "./helpers";

/**
 * Issue 9, walk 11: axe on every screen, failing on serious and critical findings and on skipped
 * heading levels (an h1 followed by an h3) and names that do not contain the visible label.
 */

async function withData(page: Page): Promise<void> {
  const api = page.request;
  const started = await api.post("/api/calls/simulate", { data: { phoneNumber: "+1 (555) 010-0188" } });
  expect(started.ok(), await started.text()).toBe(true);
  const { id } = (await started.json()) as { id: string };
  const heard = await api.post(`/api/calls/${id}/process-audio`, {
    multipart: {
      audio: {
        name: "text.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("Hi, I would like to book an appointment tomorrow at 3 pm"),
      },
    },
  });
  expect(heard.ok(), await heard.text()).toBe(true);
}

async function everyScreenAccessible(
  page: Page,
  testInfo: Parameters<typeof expectAccessible>[1],
  desktop: boolean,
) {
  await signUpAndAcceptTerms(page);
  await withData(page);
  for (const route of APP_ROUTES.filter((path) => desktop || !DESKTOP_ONLY_ROUTES.includes(path))) {
    await page.goto(route);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(
      page
        .getByRole("main")
        .getByRole("status")
        .filter({ hasText: /^Loading/ }),
    ).toHaveCount(0);
    await expectAccessible(page, testInfo, `${desktop ? "desktop" : "phone"}${route}`);
  }
}

test("every screen passes axe on the desktop", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await everyScreenAccessible(page, testInfo, true);
});

test.describe("phone", () => {
  const { defaultBrowserType: _browser, ...pixel } = devices["Pixel 7"];
  test.use(pixel);
  test("every screen passes axe on a phone", async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await everyScreenAccessible(page, testInfo, false);
  });
});
