import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * The AI Email Wizard (/email-wizard): five steps, Back and Next, list items
 * trimmed and removable, generation through the server's local writer (no language model is
 * configured here), "Generation Failed" when the server fails, the template saved, the six
 * seasonal ideas fetched only at step 5, and Create New Campaign starting over.
 */

const stepHeading = (page: Page, step: number) => page.getByText(new RegExp(`^Step ${step} of 5`));

async function addItem(page: Page, list: string, value: string) {
  await page.getByRole("textbox", { name: list, exact: true }).fill(value);
  await page.getByRole("button", { name: `Add to ${list.toLowerCase()}` }).click();
}

test("a person writes an email in five steps, saves it as a template and starts over", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  const seasonalCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/email-marketing/seasonal-campaigns")) seasonalCalls.push(request.url());
  });
  await page.goto("/email-wizard");
  await expect(page.getByRole("heading", { name: "AI Email Wizard" })).toBeVisible();
  await expect(stepHeading(page, 1)).toBeVisible();
  await expect(page.getByRole("button", { name: "Back" })).toBeDisabled();

  // Step 1: the business.
  await page.getByLabel("Campaign type").selectOption("general_business");
  await page.getByLabel("Business name").fill("Bay Plumbing");
  await page.getByLabel("Product or service").fill("24/7 emergency plumbing");
  await page.getByLabel("Industry").selectOption("construction");
  await page.getByLabel("Location").fill("Orlando, FL");
  await expectAccessible(page, testInfo, "email-wizard-step-1");
  await screenshot(page, "email-wizard-1-business");
  await page.getByRole("button", { name: "Next" }).click();

  // Step 2: audience, tone, pain points (trimmed, empty ignored, removed by click).
  await expect(stepHeading(page, 2)).toBeVisible();
  await page.getByLabel("Target audience").fill("property managers");
  await page.getByLabel("Tone").selectOption("friendly");
  await page.getByLabel("Purpose").selectOption("promotion");
  await addItem(page, "Pain points", "   Burst pipes at night   ");
  await addItem(page, "Pain points", "    ");
  await addItem(page, "Pain points", "Leaky taps");
  await addItem(page, "Pain points", "Slow contractors");
  const painPoints = page.getByRole("list", { name: "Pain points" }).getByRole("listitem");
  await expect(painPoints).toHaveText(["Burst pipes at night", "Leaky taps", "Slow contractors"]);
  await page.getByRole("button", { name: "Remove Leaky taps" }).click();
  await expect(painPoints).toHaveText(["Burst pipes at night", "Slow contractors"]);
  await screenshot(page, "email-wizard-2-audience");

  // Back keeps what was typed.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(stepHeading(page, 1)).toBeVisible();
  await expect(page.getByLabel("Business name")).toHaveValue("Bay Plumbing");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(painPoints).toHaveCount(2);
  await page.getByRole("button", { name: "Next" }).click();

  // Step 3: details, then generate; the wizard moves to step 4 on success.
  await expect(stepHeading(page, 3)).toBeVisible();
  await addItem(page, "Competitors", "Roto-Rooter");
  // Enter adds an item as well.
  await page.getByRole("textbox", { name: "Special offers", exact: true }).fill("20% off the first call-out");
  await page.getByRole("textbox", { name: "Special offers", exact: true }).press("Enter");
  await expect(page.getByRole("list", { name: "Special offers" }).getByRole("listitem")).toHaveText([
    "20% off the first call-out",
  ]);
  await screenshot(page, "email-wizard-3-details");
  expect(seasonalCalls).toEqual([]);
  await page.getByRole("button", { name: "Generate Email" }).click();

  await expect(stepHeading(page, 4)).toBeVisible();
  const subject = page.getByTestId("generated-subject");
  await expect(subject).toContainText("20% off the first call-out");
  await expect(subject).toContainText("Bay Plumbing");
  const html = page.frameLocator('iframe[title="Generated email (HTML)"]');
  await expect(html.locator("body")).toContainText("24/7 emergency plumbing");
  await expect(html.locator("li").first()).toHaveText("No more burst pipes at night");
  await expect(page.locator('iframe[title="Generated email (HTML)"]')).toHaveAttribute("sandbox", "");
  await page.getByRole("tab", { name: "Text" }).click();
  const text = page.getByTestId("generated-text");
  await expect(text).toContainText("Hi {{firstName}},");
  await expect(text).toContainText("Roto-Rooter");
  await expect(text).toContainText("Orlando, FL");
  await expect(page.getByText("Best send time")).toBeVisible();
  await expectAccessible(page, testInfo, "email-wizard-step-4");
  await screenshot(page, "email-wizard-4-generated");
  expect(seasonalCalls).toEqual([]);

  // Step 5: review, seasonal ideas (only now), save as template.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(stepHeading(page, 5)).toBeVisible();
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  const ideas = page.getByRole("region", { name: "Seasonal campaign ideas" }).getByRole("listitem");
  await expect(ideas).toHaveCount(6);
  expect(seasonalCalls.length).toBeGreaterThan(0);
  await page.getByLabel("Template name").fill("Bay Plumbing spring promo");
  await page.getByRole("button", { name: "Save as Template" }).click();
  await expect(toastText(page, "Template Saved")).toBeVisible();
  await expect(page.getByRole("button", { name: "Saved as Template" })).toBeDisabled();
  const templates = await (await page.request.get("/api/email-marketing/templates")).json();
  expect(templates).toEqual([
    expect.objectContaining({
      name: "Bay Plumbing spring promo",
      subject: expect.stringContaining("20% off the first call-out"),
    }),
  ]);
  expect(templates[0].textContent).toContain("Roto-Rooter");
  await expectAccessible(page, testInfo, "email-wizard-step-5");
  await screenshot(page, "email-wizard-5-review");

  // Create New Campaign returns to step 1 with an empty wizard.
  await page.getByRole("button", { name: "Create New Campaign" }).click();
  await expect(stepHeading(page, 1)).toBeVisible();
  await expect(page.getByLabel("Business name")).toHaveValue("");
});

test("a failed generation shows 'Generation Failed' and stays on the details step", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  await page.route("**/api/email-marketing/generate-ai-email", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ message: "boom" }),
    }),
  );
  await page.goto("/email-wizard");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(stepHeading(page, 3)).toBeVisible();
  await page.getByRole("button", { name: "Generate Email" }).click();
  await expect(toastText(page, "Generation Failed")).toBeVisible();
  await expect(toastText(page, "Unable to generate email. Please try again.")).toBeVisible();
  await expect(stepHeading(page, 3)).toBeVisible();
  await screenshot(page, "email-wizard-generation-failed");
});

test("the wizard fits a phone screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpAndAcceptTerms(page);
  await page.goto("/email-wizard");
  await expect(stepHeading(page, 1)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "email-wizard-phone");
});
