import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * Tried as a new user: the Call System Test's figures agree (item 4), test calls stay
 * out of the figures, can be shown in History and deleted (item 5), and a demo left without End
 * is picked up again (item 6).
 */

/** Drives the API from the page (same origin, the session cookie), as the screens do. */
async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
    { method, url, body },
  ) as Promise<T>;
}

/** A real call, as the Active Calls simulation makes them: one caller turn, then ended. */
async function realCall(page: Page, phoneNumber: string, callerName: string): Promise<string> {
  const call = await api<{ id: string }>(page, "POST", "/api/calls/simulate", { phoneNumber, callerName });
  await api(page, "POST", `/api/calls/${call.id}/process-audio`, {
    text: "Hi, I have a question about my last invoice, could someone call me back?",
  });
  await api(page, "PATCH", `/api/calls/${call.id}`, { isActive: false });
  return call.id;
}

/** "1:05" → 65 */
const seconds = (text: string) => {
  const match = /(\d+):(\d{2})/.exec(text);
  if (!match) throw new Error(`no m:ss in "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
};

test("a system test's figures agree, stay out of the dashboard and history figures, and are deleted in one go", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpAndAcceptTerms(page);
  await realCall(page, "+1 312 555 0120", "Chris Doyle");
  await page.goto("/");
  await expect(page.getByTestId("stat-Today's Calls")).toHaveText("1");
  const successRate = await page.getByTestId("stat-Success Rate").textContent();

  // Item 4: every figure on the test's page agrees with the others and with what the page says.
  await page.goto("/call-system-test");
  await expect(page.getByText("talks for 15 to 45 seconds and hangs up")).toBeVisible();
  await page.getByLabel("Concurrent calls").fill("2");
  await page.getByRole("button", { name: "Start Test" }).click();
  const stats = page.getByTestId("test-stats");
  await expect(stats).toContainText("Completed2", { timeout: 90_000 });
  const elapsed = seconds((await page.getByTestId("test-elapsed").textContent()) ?? "");
  const durations = (await page.getByTestId("test-call-duration").allTextContents()).map(seconds);
  expect(durations).toHaveLength(2);
  for (const [index, duration] of durations.entries()) {
    expect(duration).toBeGreaterThanOrEqual(15);
    expect(duration).toBeLessThanOrEqual(45);
    // Rang 2 s + 1 s per call, then talked: the test lasted at least that long.
    expect(elapsed).toBeGreaterThanOrEqual(2 + index + duration);
  }
  const average = seconds((await stats.getByText(/^\d+:\d{2}$/).textContent()) ?? "");
  expect(average).toBe(Math.round((durations[0]! + durations[1]!) / 2));
  await expect(page.getByTestId("test-elapsed")).toContainText("Finished");
  await screenshot(page, "test-calls-system-test-finished");

  // Item 5: the dashboard's figures are as before, and say what they leave out.
  await page.goto("/");
  await expect(page.getByTestId("stat-Today's Calls")).toHaveText("1");
  await expect(page.getByTestId("stat-Success Rate")).toHaveText(successRate ?? "");
  await expect(page.getByTestId("test-calls-today")).toHaveText(
    "2 test calls today are not counted here. See the test calls",
  );

  // History: real calls by default, the test calls behind the Test calls choice.
  await page.goto("/call-history");
  await expect(page.getByTestId("summary-Total Calls")).toHaveText("1");
  await expect(page.getByTestId("call-row")).toHaveCount(1);
  await expect(page.getByTestId("test-calls-note")).toContainText("2 test calls");
  await expect(page.getByTestId("test-calls-note")).toContainText("are hidden");
  await page.getByRole("combobox", { name: "Test calls" }).selectOption("only");
  await expect(page.getByTestId("call-row")).toHaveCount(2);
  await expect(page.getByTestId("test-call-badge")).toHaveText([
    "Test call · System test",
    "Test call · System test",
  ]);
  await expect(page.getByTestId("summary-Total Calls")).toHaveText("1");
  await screenshot(page, "test-calls-history-only-tests");
  await expectAccessible(page, testInfo, "call-history-test-calls");

  await page.getByRole("button", { name: "Delete all test calls" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete 2 test calls?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toastText(page, "2 test calls deleted.")).toBeVisible();
  await expect(page.getByText("There are no test calls.")).toBeVisible();
  await expect(page.getByTestId("test-calls-note")).toBeHidden();
  await page.getByRole("combobox", { name: "Test calls" }).selectOption("hide");
  await expect(page.getByTestId("call-row")).toHaveCount(1);
  await expect(page.getByTestId("summary-Total Calls")).toHaveText("1");
});

test("deletes one call from its details, and the chosen ones; a live call cannot be chosen", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await realCall(page, "+1 312 555 0131", "Ann One");
  await realCall(page, "+1 312 555 0132", "Ben Two");
  await realCall(page, "+1 312 555 0133", "Cy Three");
  await api(page, "POST", "/api/calls/simulate", {
    phoneNumber: "+1 312 555 0134",
    callerName: "Live Caller",
  });
  await page.goto("/call-history");
  const rows = page.getByTestId("call-row");
  await expect(rows).toHaveCount(4);
  await expect(
    page.getByRole("checkbox", { name: /\+13125550134 \(in progress, cannot be deleted\)/ }),
  ).toBeDisabled();

  await page.getByRole("button", { name: "Details of the call from +13125550131" }).click();
  const details = page.getByRole("dialog", { name: "Call Details" });
  await details.getByRole("button", { name: "Delete call" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this call?" });
  await expect(confirm).toContainText("Appointments they booked stay.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toastText(page, "The call from +13125550131 was deleted.")).toBeVisible();
  await expect(details).toBeHidden();
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId("summary-Total Calls")).toHaveText("3");

  await page.getByRole("checkbox", { name: "Choose the call from +13125550132" }).check();
  await page.getByRole("checkbox", { name: "Choose the call from +13125550133" }).check();
  await expect(page.getByText("2 calls chosen")).toBeVisible();
  await screenshot(page, "test-calls-history-chosen");
  await expectAccessible(page, testInfo, "call-history-chosen");
  await page.getByRole("button", { name: "Delete chosen" }).click();
  await page.getByRole("dialog", { name: "Delete 2 calls?" }).getByRole("button", { name: "Delete" }).click();
  await expect(toastText(page, "2 calls deleted.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Live Caller");
  await expect(page.getByTestId("summary-Total Calls")).toHaveText("1");
});

test("a demo call left without End is picked up again when coming back, and End finishes it", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/voice-call-demo");
  await page.getByLabel("Caller's phone number").fill("212 555 0190");
  await page.getByRole("button", { name: "Start Demo Call" }).click();
  const log = page.getByRole("log", { name: "Conversation" });
  await expect(log).toContainText("How can I help you today?");
  const box = page.getByPlaceholder("Type what the caller would say...");
  await box.fill("Hi, my order arrived broken and I want a replacement.");
  await box.press("Enter");
  await expect(page.getByTestId("demo-analysis")).toContainText(/support/i);

  // Leave without pressing End, then come back.
  await page.goto("/call-history?tests=show");
  await expect(page.getByTestId("test-call-badge")).toHaveText("Test call · Voice demo");
  await page.goto("/voice-call-demo");
  await expect(page.getByTestId("demo-state")).toHaveText("Active");
  await expect(page.getByTestId("demo-resumed")).toContainText(
    "Your demo call with +12125550190 is still in progress.",
  );
  await expect(log).toContainText("Hi, my order arrived broken and I want a replacement.");
  await expect(page.getByTestId("demo-analysis")).toContainText(/support/i);
  await screenshot(page, "voice-call-demo-resumed");
  await expectAccessible(page, testInfo, "voice-call-demo-resumed");

  await box.fill("It's order number 4471, thank you.");
  await box.press("Enter");
  await expect(log).toContainText("It's order number 4471, thank you.");
  await page.getByRole("button", { name: "End", exact: true }).click();
  await expect(page.getByTestId("demo-state")).toHaveText("Completed");

  await page.goto("/voice-call-demo");
  await expect(page.getByTestId("demo-state")).toHaveText("Not started");
  await expect(page.getByRole("button", { name: "Start Demo Call" })).toBeVisible();
});
