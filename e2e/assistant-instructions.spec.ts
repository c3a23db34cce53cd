import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * /settings in Chromium: the owner's custom instructions and the AI disclosure are saved, kept
 * across a reload and used by the next call; an over-long text shows the server's refusal; the
 * business hours in the owner's words are read into the working hours, or said to be unread.
 */

const api = <T>(page: Page, path: string, init?: { method?: string; body?: unknown }) =>
  page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init?.method ?? "GET",
        headers: init?.body === undefined ? {} : { "content-type": "application/json" },
        body: init?.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return response.json();
    },
    { path, init },
  ) as Promise<T>;

async function openSettings(page: Page) {
  await page.getByRole("link", { name: "Settings" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

const INSTRUCTIONS = "Never quote prices over the phone; offer a free estimate visit instead.";

test("custom instructions and AI disclosure are saved, kept and used; too long a text shows the server's message", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await openSettings(page);

  const instructions = page.getByLabel("Custom Instructions");
  const saveInstructions = page.getByRole("button", { name: "Save Instructions" });
  await expect(instructions).toHaveValue("");
  await expect(saveInstructions).toBeDisabled();
  await instructions.fill(INSTRUCTIONS);
  await expect(page.getByText(`${INSTRUCTIONS.length} / 2,000 characters`)).toBeVisible();
  await saveInstructions.click();
  await expect(toastText(page, "Custom instructions saved.")).toBeVisible();
  await expect(saveInstructions).toBeDisabled();

  const disclosure = page.getByLabel("AI Disclosure");
  await expect(disclosure).toHaveValue("outbound");
  await expect(page.getByText(/Several US states require callers to be told/)).toBeVisible();
  await disclosure.selectOption("always");
  await expect(toastText(page, "AI disclosure: at the start of every call.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Custom Instructions")).toHaveValue(INSTRUCTIONS);
  await expect(page.getByLabel("AI Disclosure")).toHaveValue("always");

  // The next call, inbound, says it is an automated assistant as it opens.
  const call = await api<{ transcript: string }>(page, "/api/calls/simulate", {
    method: "POST",
    body: { phoneNumber: "+15551234567" },
  });
  expect(call.transcript).toMatch(/automated assistant/);

  // Past the limit: the server refuses, its message shows under the field, nothing changes.
  await page.getByLabel("Custom Instructions").fill("x".repeat(2001));
  await expect(page.getByText("2,001 / 2,000 characters")).toBeVisible();
  await page.getByRole("button", { name: "Save Instructions" }).click();
  await expect(page.getByText("Custom instructions must be at most 2000 characters")).toBeVisible();
  await expect(page.getByLabel("Custom Instructions")).toHaveAttribute("aria-invalid", "true");
  await screenshot(page, "settings-custom-instructions");
  await expectAccessible(page, testInfo, "settings with custom instructions");

  await page.reload();
  await expect(page.getByLabel("Custom Instructions")).toHaveValue(INSTRUCTIONS);
  const saved = await api<Record<string, unknown>>(page, "/api/ai-settings");
  expect(saved).toMatchObject({ customInstructions: INSTRUCTIONS, aiDisclosure: "always" });
});

test("business hours in the owner's words become the working hours, or are said to be unread", async ({
  page,
}) => {
  await signUpAndAcceptTerms(page);
  await openSettings(page);

  const hours = page.getByLabel("Business Hours");
  await hours.fill("Mon-Fri 8am-4pm, Sat 9-12");
  await hours.blur();
  await expect(toastText(page, "Business hours saved.")).toBeVisible();
  await expect(page.getByText(/^Read as Mon–Fri 08:00–16:00, Sat 09:00–12:00;/)).toBeVisible();
  await expect(page.getByLabel("Start")).toHaveValue("08:00");
  await expect(page.getByLabel("End")).toHaveValue("16:00");
  await expect(page.getByRole("checkbox", { name: "Saturday" })).toBeChecked();
  await expect(page.getByText("Saturday: 09:00 to 12:00")).toBeVisible();
  await screenshot(page, "settings-business-hours");

  await page.reload();
  await expect(page.getByLabel("Business Hours")).toHaveValue("Mon-Fri 8am-4pm, Sat 9-12");
  await expect(page.getByText("Saturday: 09:00 to 12:00")).toBeVisible();

  // Text the assistant cannot read is kept; the working hours stay.
  await page.getByLabel("Business Hours").fill("Mornings, mostly");
  await page.getByLabel("Business Hours").blur();
  await expect(page.getByText(/Not read as hours/)).toBeVisible();
  await expect(page.getByLabel("Start")).toHaveValue("08:00");

  // Saturday back to the usual hours.
  await page.getByRole("button", { name: "Use usual hours" }).click();
  await expect(toastText(page, "Saturday keeps the usual hours.")).toBeVisible();
  await expect(page.getByText("Saturday: 09:00 to 12:00")).toHaveCount(0);
  const saved = await api<{ workingHours: unknown }>(page, "/api/ai-settings");
  expect(saved.workingHours).toEqual({ start: "08:00", end: "16:00", days: [1, 2, 3, 4, 5, 6] });
});
