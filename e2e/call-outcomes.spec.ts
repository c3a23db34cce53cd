import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, newAccount, screenshot } from "./helpers";

/**
 * What AI calls came to, where a call-centre team looks for it: the outcome on each call in Call
 * History and in its details, the outcome filter (on the server, kept in the address), a
 * contact's history with each call's outcome, time, duration and the call back it asked for, and
 * the agents' analytics counting calls by outcome. The calls are made through the API the screens
 * use (a simulated call and the caller's words); the conversation engine settles each outcome.
 */

type ApiCall = { id: string; isActive: boolean; disposition: string | null; duration: number };

/** A business workspace (agents, the contact manager) signed up with the page's own cookies. */
async function businessOwner(page: Page): Promise<void> {
  const account = newAccount("outcomes");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: "Summit Roofing" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accepted = await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok()).toBe(true);
}

async function api<T>(page: Page, method: "GET" | "POST" | "PATCH", url: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, { method, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A call from `phoneNumber` in which the caller says `line`; ended from the screen if still live. */
async function callSaying(page: Page, phoneNumber: string, line: string, talkMs = 0): Promise<ApiCall> {
  const started = await api<ApiCall>(page, "POST", "/api/calls/simulate", { phoneNumber });
  const turn = await api<{ call: ApiCall }>(page, "POST", `/api/calls/${started.id}/process-audio`, {
    text: line,
  });
  if (!turn.call.isActive) return turn.call;
  // The caller stays on the line a little: the duration is the call's real length.
  if (talkMs) await page.waitForTimeout(talkMs);
  return api<ApiCall>(page, "PATCH", `/api/calls/${started.id}`, { isActive: false });
}

const DANA = "+16175550177";

test("call outcomes: shown and filtered in Call History, in a contact's history and the agents' analytics", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await businessOwner(page);

  await test.step("an agent, a contact, and calls that come to outcomes", async () => {
    const agent = await api<{ id: string }>(page, "POST", "/api/ai-agents", { name: "Bea" });
    await api(page, "POST", `/api/ai-agents/${agent.id}/toggle`);
    await api(page, "POST", "/api/contacts", { name: "Dana Whitfield", phoneNumber: DANA });
    const booked = await callSaying(
      page,
      DANA,
      "I'd like to book an appointment for Thursday at 10am.",
      2200,
    );
    expect(booked).toMatchObject({ disposition: "booked" });
    expect(booked.duration).toBeGreaterThanOrEqual(2);
    const callBack = await callSaying(page, DANA, "I'm busy right now, call me back tomorrow at 3.");
    expect(callBack.disposition).toBe("call_back");
    expect((await callSaying(page, "+12125550190", "Please take me off your list.")).disposition).toBe(
      "do_not_call",
    );
    expect((await callSaying(page, "+12125550191", "You have the wrong number, sorry.")).disposition).toBe(
      "wrong_number",
    );
  });

  const rows = page.getByTestId("call-row");
  const outcome = page.getByLabel("Outcome", { exact: true });

  await test.step("Call History shows each call's outcome", async () => {
    await page.goto("/call-history");
    await expect(rows).toHaveCount(4);
    const outcomes = await rows.getByTestId("call-outcome").allTextContents();
    expect(outcomes.sort()).toEqual(["Appointment booked", "Call back", "Do not call", "Wrong number"]);
    const options = await outcome.locator("option").allTextContents();
    expect(options).toEqual([
      "All outcomes",
      "Appointment booked",
      "Qualified",
      "Interested",
      "Call back",
      "Transferred",
      "Not interested",
      "Do not call",
      "Wrong number",
      "Voicemail",
      "No outcome",
    ]);
    await screenshot(page, "call-outcomes-history");
  });

  await test.step("filters by outcome on the server, kept in the address", async () => {
    const listed = page.waitForResponse((response) => response.url().includes("outcome=do_not_call"));
    await outcome.selectOption("do_not_call");
    expect((await listed).status()).toBe(200);
    await expect(page).toHaveURL(/[?&]outcome=do_not_call/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("call-number")).toHaveText("+12125550190");
    await expect(page.getByText("Showing 1 to 1 of 1 call")).toBeVisible();

    await outcome.selectOption("voicemail");
    await expect(page.getByText("No calls found")).toBeVisible();
    await expect(page.getByText("Try another search, call type or outcome.")).toBeVisible();

    // A reload keeps the filter: the address holds it.
    await outcome.selectOption("call_back");
    await page.reload();
    await expect(outcome).toHaveValue("call_back");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("call-outcome")).toHaveText("Call back");
  });

  await test.step("a call's details name its outcome and the call back it asked for", async () => {
    await rows
      .first()
      .getByRole("button", { name: /Details/ })
      .click();
    const details = page.getByRole("dialog", { name: "Call Details" });
    await expect(details.getByTestId("call-outcome")).toHaveText("Call back");
    await expect(details.getByText("Call back", { exact: true }).first()).toBeVisible();
    await expect(details.getByText(/\w{3}, \w{3} \d{1,2}, \d{4} 3:00 PM/)).toBeVisible();
    await screenshot(page, "call-outcomes-details");
    await expectAccessible(page, testInfo, "call details with an outcome");
    await page.keyboard.press("Escape");
    await outcome.selectOption("all");
    await expect(rows).toHaveCount(4);
  });

  await test.step("a contact's history: outcome, time, duration and the call back due", async () => {
    await page.goto("/contact-manager");
    await page.getByRole("button", { name: "Call history of Dana Whitfield" }).click();
    const dialog = page.getByRole("dialog", { name: "Call history" });
    await expect(dialog.getByText("Dana Whitfield · +16175550177")).toBeVisible();
    const calls = dialog.getByTestId("contact-call");
    await expect(calls).toHaveCount(2);
    // Newest first: the call back, then the booking (the strangers' calls are not hers).
    await expect(calls.nth(0).getByTestId("call-outcome")).toHaveText("Call back");
    await expect(calls.nth(0).getByText(/^Call back \w{3}, /)).toBeVisible();
    await expect(calls.nth(1).getByTestId("call-outcome")).toHaveText("Appointment booked");
    await expect(calls.nth(1).getByText(/^Appointment \w{3}, /)).toBeVisible();
    const duration = await calls.nth(1).getByTestId("contact-call-duration").textContent();
    expect(Number(duration?.split(":")[1])).toBeGreaterThanOrEqual(2);
    await expect(dialog.getByTestId("scheduled-callback")).toContainText(/Call back due \w{3}, .* 3:00 PM/);
    await screenshot(page, "call-outcomes-contact-history");
    await expectAccessible(page, testInfo, "a contact's call history");
    await page.keyboard.press("Escape");
  });

  await test.step("the agents' analytics count the calls by outcome", async () => {
    await page.goto("/ai-agents");
    await page.getByRole("tab", { name: "Analytics" }).click();
    await expect(page.getByTestId("outcome-booked")).toHaveText("1");
    await expect(page.getByTestId("outcome-callBacks")).toHaveText("1");
    await expect(page.getByTestId("outcome-doNotCall")).toHaveText("1");
    await expect(page.getByTestId("outcome-wrongNumber")).toHaveText("1");
    await expect(page.getByTestId("outcome-answered")).toHaveText("4");
    await expect(page.getByTestId("outcome-conversionRate")).toHaveText("25%");
    const row = page.getByTestId("analytics-row").filter({ hasText: "Bea" });
    await expect(row.getByRole("cell").last()).toHaveText("25%");
    await screenshot(page, "call-outcomes-agent-analytics");
  });
});
