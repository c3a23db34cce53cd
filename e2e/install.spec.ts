import { expect, test } from "@playwright/test";
import { screenshot, signUpAndAcceptTerms } from "./helpers";

/** Chromium fires beforeinstallprompt only for engaged visits; the test plays the browser's part. */
async function offerInstall(page: import("@playwright/test").Page, outcome: "accepted" | "dismissed") {
  await page.evaluate((choice) => {
    const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & Record<string, unknown>;
    (window as unknown as { promptCalls: number }).promptCalls = 0;
    event.prompt = async () => {
      (window as unknown as { promptCalls: number }).promptCalls++;
    };
    event.userChoice = Promise.resolve({ outcome: choice });
    window.dispatchEvent(event);
  }, outcome);
}

test("the app is installable: manifest, service worker, install card with Install and Later", async ({
  page,
}) => {
  await signUpAndAcceptTerms(page);
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')?.getAttribute("href") ?? "";
    return (await fetch(href)).json();
  });
  expect(manifest).toMatchObject({ name: "AI Platform", display: "standalone", start_url: "/" });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(["192x192", "512x512"]),
  );

  const registered = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? "";
  });
  expect(registered).toMatch(/\/sw\.js$/);

  // No prompt offered: no card.
  await expect(page.getByRole("region", { name: "Install the app" })).toHaveCount(0);

  await offerInstall(page, "accepted");
  const card = page.getByRole("region", { name: "Install the app" });
  await expect(card).toBeVisible();
  await screenshot(page, "install-card");
  await card.getByRole("button", { name: "Install" }).click();
  await expect(card).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1);
});

test("Later hides the install card for good", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  await offerInstall(page, "dismissed");
  const card = page.getByRole("region", { name: "Install the app" });
  await card.getByRole("button", { name: "Later" }).click();
  await expect(card).toBeHidden();
  await page.reload();
  await expect(page.getByRole("banner")).toBeVisible();
  await offerInstall(page, "dismissed");
  await expect(page.getByRole("region", { name: "Install the app" })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("aip-install-dismissed"))).toBe("true");
});
