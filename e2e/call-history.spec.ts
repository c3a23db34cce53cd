import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

type ApiCall = {
  id: string;
  phoneNumber: string;
  callerName: string | null;
  classification: string | null;
  status: string;
  isActive: boolean;
  duration: number;
  transcript: string;
  confidence: number | null;
  analysis: { classification: string; intent: string; confidence: number } | null;
};

type Plan = { key: string; phoneNumber: string; callerName?: string; lines: string[] };

const SCAM =
  "This is the IRS. A warrant has been issued for your arrest. Pay now with Apple gift cards to avoid jail.";

/** Eleven quick calls of different kinds; a twelfth (the long one) is started first and ended last. */
const PLANS: Plan[] = [
  { key: "scam1", phoneNumber: "+1 202 555 0143", callerName: "Robo Caller", lines: [SCAM] },
  {
    key: "scam2",
    phoneNumber: "+1 202 555 0144",
    lines: [
      "Final notice: your social security number has been suspended. Press 1 now or a warrant will be issued for your arrest.",
    ],
  },
  { key: "scam3", phoneNumber: "+1 202 555 0145", callerName: "Tax Office", lines: [SCAM] },
  {
    key: "booking",
    phoneNumber: "+1 617 555 0177",
    callerName: "Dana Whitfield",
    lines: ["Hi, I'd like to book an appointment for tomorrow at 3pm please."],
  },
  {
    key: "booking2",
    phoneNumber: "+1 617 555 0178",
    callerName: "Sam Ortega",
    lines: ["Can you book me tomorrow at 10am for a consultation?"],
  },
  {
    key: "support1",
    phoneNumber: "+1 312 555 0120",
    callerName: "Chris Doyle",
    lines: ["Hi, my internet has been down since this morning and I work from home."],
  },
  {
    key: "support2",
    phoneNumber: "+1 312 555 0121",
    lines: ["My router keeps dropping the connection, I need technical help with my account."],
  },
  {
    key: "sales",
    phoneNumber: "+1 646 555 0130",
    callerName: "SolarMax Sales",
    lines: [
      "Hi, I'm calling about a special offer on solar panels for your home, can I tell you about our pricing?",
    ],
  },
  {
    key: "friend",
    phoneNumber: "+1 415 555 0199",
    callerName: "Tom Becker",
    lines: [
      "Hey, it's Tom from next door, just returning your call about the fence. Call me back when you can.",
    ],
  },
  {
    key: "urgent",
    phoneNumber: "+1 503 555 0150",
    callerName: "Mercy Hospital",
    lines: [
      "This is Mercy Hospital, it's urgent, your mother has been admitted, please call us back right away.",
    ],
  },
  // Ended before the caller said anything: no analysis.
  { key: "silent", phoneNumber: "+1 720 555 0160", callerName: "Silent Caller", lines: [] },
];
const LONG: Plan = {
  key: "long",
  phoneNumber: "+1 808 555 0111",
  callerName: "Long Talker",
  lines: ["Hello, I have a question about my bill, it looks higher than usual this month."],
};

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

async function startCall(page: Page, plan: Plan): Promise<ApiCall> {
  const call = await api<ApiCall>(page, "POST", "/api/calls/simulate", {
    phoneNumber: plan.phoneNumber,
    ...(plan.callerName ? { callerName: plan.callerName } : {}),
  });
  for (const text of plan.lines) {
    const result = await api<{ call: ApiCall }>(page, "POST", `/api/calls/${call.id}/process-audio`, {
      text,
    });
    if (!result.call.isActive) break;
  }
  return call;
}

async function endCall(page: Page, id: string): Promise<ApiCall> {
  const call = await api<ApiCall>(page, "GET", `/api/calls/${id}`);
  if (!call.isActive) return call;
  return api<ApiCall>(page, "PATCH", `/api/calls/${id}`, { isActive: false });
}

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
const toSeconds = (text: string) => {
  const [m, s] = text.split(":").map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

test("call history: summary, search, filter, sort, paging, address, dialogs, copy, download, export", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpAndAcceptTerms(page);

  const calls = new Map<string, ApiCall>();
  await test.step("make twelve calls through the API", async () => {
    const long = await startCall(page, LONG);
    for (const plan of PLANS) {
      const started = await startCall(page, plan);
      calls.set(plan.key, await endCall(page, started.id));
    }
    // Keep the long call open a little longer, so at least one duration stands out.
    await page.waitForTimeout(2500);
    calls.set(LONG.key, await endCall(page, long.id));
  });

  const all = [...calls.values()];
  const byKey = (key: string) => calls.get(key)!;
  // The engine did what each line asks for.
  for (const key of ["scam1", "scam2", "scam3"]) expect(byKey(key)).toMatchObject({ status: "blocked" });
  expect(byKey("booking").classification).toBe("appointment");
  expect(byKey("support1").classification).toBe("support");
  expect(byKey("silent").analysis).toBeNull();
  expect(byKey("long").duration).toBeGreaterThanOrEqual(2);

  await test.step("summary cards", async () => {
    await page.goto("/call-history");
    await expect(page.getByRole("heading", { name: "Call History", level: 1 })).toBeVisible();
    const average = Math.round(all.reduce((sum, call) => sum + call.duration, 0) / all.length);
    await expect(page.getByTestId("summary-Total Calls")).toHaveText("12");
    await expect(page.getByTestId("summary-Spam Blocked")).toHaveText(
      String(all.filter((c) => c.status === "blocked").length),
    );
    await expect(page.getByTestId("summary-Appointments")).toHaveText(
      String(all.filter((c) => c.classification === "appointment").length),
    );
    await expect(page.getByTestId("summary-Support")).toHaveText(
      String(all.filter((c) => c.classification === "support").length),
    );
    await expect(page.getByTestId("summary-Avg Duration")).toHaveText(mmss(average));
  });

  const rows = page.getByTestId("call-row");
  const search = page.getByLabel("Search", { exact: true });
  const type = page.getByLabel("Call type");
  const sort = page.getByLabel("Sort by");

  await test.step("paging", async () => {
    await expect(page.getByText("Showing 1 to 10 of 12 calls")).toBeVisible();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(rows).toHaveCount(10);
    // Latest first: the long call ended last but started first, so it is the oldest.
    await expect(rows.first().getByTestId("call-name")).toHaveText("Silent Caller");
    const previous = page.getByRole("button", { name: "Previous" });
    const next = page.getByRole("button", { name: "Next" });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(page.getByText("Showing 11 to 12 of 12 calls")).toBeVisible();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(rows).toHaveCount(2);
    await expect(rows.last().getByTestId("call-name")).toHaveText("Long Talker");
    await expect(next).toBeDisabled();
    await previous.click();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(page).not.toHaveURL(/page=/);
  });

  await test.step("search by part of a number and by caller name, debounced", async () => {
    const requests: string[] = [];
    const listener = (request: { url: () => string }) => {
      if (request.url().includes("/api/calls?")) requests.push(request.url());
    };
    page.on("request", listener);
    await search.pressSequentially("5550199", { delay: 30 });
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("call-name")).toHaveText("Tom Becker");
    await expect(page).toHaveURL(/search=5550199/);
    page.off("request", listener);
    // One request for the whole word, not one per key.
    expect(requests.filter((url) => url.includes("search=")).length).toBe(1);

    await search.fill("whitfield");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("call-name")).toHaveText("Dana Whitfield");
    await expect(rows.first().getByTestId("call-number")).toHaveText(byKey("booking").phoneNumber);

    await search.fill("no such caller anywhere");
    await expect(page.getByText("No calls found")).toBeVisible();
    await expect(rows).toHaveCount(0);
    await search.fill("");
    await expect(rows).toHaveCount(10);
  });

  await test.step("filter by spam", async () => {
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await type.selectOption({ label: "Spam" });
    await expect(page).toHaveURL(/filter=spam/);
    await expect(page).not.toHaveURL(/page=/);
    const spam = all.filter((c) => c.classification === "spam").length;
    await expect(page.getByText(`Showing 1 to ${spam} of ${spam} calls`)).toBeVisible();
    await expect(rows).toHaveCount(spam);
    for (const row of await rows.all()) await expect(row.getByText("spam", { exact: true })).toBeVisible();
    await expect(page.getByText("Page 1 of 1")).toBeVisible();
  });

  await test.step("sort by longest duration", async () => {
    await type.selectOption({ label: "All Calls" });
    await sort.selectOption({ label: "Longest Duration" });
    await expect(page).toHaveURL(/sortBy=duration&sortOrder=desc/);
    await expect(rows.first().getByTestId("call-name")).toHaveText("Long Talker");
    const durations = (await rows.getByTestId("call-duration").allTextContents()).map(toSeconds);
    expect(durations).toHaveLength(10);
    expect(durations).toEqual([...durations].sort((a, b) => b - a));
    await sort.selectOption({ label: "Shortest Duration" });
    await expect(rows.first().getByTestId("call-name")).not.toHaveText("Long Talker");
    const shortest = (await rows.getByTestId("call-duration").allTextContents()).map(toSeconds);
    expect(shortest).toEqual([...shortest].sort((a, b) => a - b));
  });

  await test.step("the address keeps page, filter, search and sort across a reload", async () => {
    await sort.selectOption({ label: "Oldest First" });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await page.reload();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(sort).toHaveValue("createdAt:asc");
    await expect(rows.last().getByTestId("call-name")).toHaveText("Silent Caller");

    await type.selectOption({ label: "Spam" });
    await search.fill("0145");
    await expect(rows).toHaveCount(1);
    await expect(page).toHaveURL(/filter=spam/);
    await expect(page).toHaveURL(/search=0145/);
    await page.reload();
    await expect(search).toHaveValue("0145");
    await expect(type).toHaveValue("spam");
    await expect(sort).toHaveValue("createdAt:asc");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("call-name")).toHaveText("Tax Office");

    // A shared link opens the same view.
    await page.goto("/call-history?filter=support&sortBy=importance&sortOrder=desc");
    await expect(type).toHaveValue("support");
    await expect(sort).toHaveValue("importance:desc");
    await expect(rows).toHaveCount(all.filter((c) => c.classification === "support").length);
    await page.goto("/call-history");
    await expect(rows).toHaveCount(10);
  });

  await test.step("transcript dialog", async () => {
    const row = rows.filter({ hasText: "Dana Whitfield" });
    await row.getByRole("button", { name: /Transcript/ }).click();
    const dialog = page.getByRole("dialog", { name: "Call Transcript" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      "Caller: Hi, I'd like to book an appointment for tomorrow at 3pm please.",
    );
    await expect(dialog).toContainText("AI:");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  await test.step("details dialog: tabs, copy, download, real analysis", async () => {
    const booking = byKey("booking");
    await rows
      .filter({ hasText: "Dana Whitfield" })
      .getByRole("button", { name: /Details/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Call Details" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("tab", { name: "Call Details" })).toHaveAttribute("aria-selected", "true");
    await expect(dialog).toContainText(booking.phoneNumber);
    await expect(dialog).toContainText("Dana Whitfield");
    await expect(dialog.getByText("Follow-up")).toBeVisible();
    await expectAccessible(page, testInfo, "call-history-details");

    await dialog.getByRole("tab", { name: "Full Transcript" }).click();
    await dialog.getByRole("button", { name: "Copy" }).click();
    // An open dialog hides the rest of the page from the accessibility tree, the toast region too.
    await expect(page.locator("li").filter({ hasText: "Transcript copied to clipboard" })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(booking.transcript);

    const downloading = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download" }).click();
    const download = await downloading;
    const digits = booking.phoneNumber.replace(/\D/g, "");
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^transcript-${digits}-\\d{4}-\\d{2}-\\d{2}\\.txt$`),
    );
    const text = await readFile((await download.path())!, "utf8");
    expect(text.trim()).toBe(booking.transcript.trim());

    // Keyboard: arrow keys move between the tabs.
    await dialog.getByRole("tab", { name: "Full Transcript" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("tab", { name: "AI Analysis" })).toHaveAttribute("aria-selected", "true");
    const analysis = booking.analysis!;
    const percent = (n: number) => `${Math.round(n * 100)}%`;
    await expect(dialog.getByText("Call confidence")).toBeVisible();
    await expect(dialog).toContainText(percent(booking.confidence!));
    await expect(dialog).toContainText(analysis.intent);
    await expect(dialog).toContainText(percent(analysis.confidence));
    await expect(dialog.getByText("Successful", { exact: true })).toBeVisible();
    await screenshot(page, "call-history-details");
    // (Escape would first dismiss the "Copied" toast, the newer layer.)
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    // A spam call's outcome is Blocked; a call that ended before the caller spoke has no analysis.
    await search.fill("Robo");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("call-name")).toHaveText("Robo Caller");
    await rows
      .first()
      .getByRole("button", { name: /Details/ })
      .click();
    await dialog.getByRole("tab", { name: "AI Analysis" }).click();
    await expect(dialog.getByText("Blocked", { exact: true })).toBeVisible();
    await expect(dialog).toContainText(percent(byKey("scam1").analysis!.confidence));
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    await search.fill("Silent");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("call-name")).toHaveText("Silent Caller");
    await rows
      .first()
      .getByRole("button", { name: /Details/ })
      .click();
    await dialog.getByRole("tab", { name: "AI Analysis" }).click();
    await expect(dialog).toContainText("No AI analysis for this call");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await search.fill("");
    await expect(rows).toHaveCount(10);
  });

  await test.step("export CSV with the current filter", async () => {
    await type.selectOption({ label: "Spam" });
    await expect(rows).toHaveCount(3);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloading;
    await expect(toastText(page, "Call history exported successfully")).toBeVisible();
    expect(download.suggestedFilename()).toMatch(/^call-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/phone/i);
    expect(csv).toContain(byKey("scam1").phoneNumber);
    // Only the filtered calls: a header and the three spam calls.
    expect(csv).not.toContain(byKey("booking").phoneNumber);
    await type.selectOption({ label: "All Calls" });
  });

  await test.step("accessibility and a screenshot", async () => {
    await expect(rows).toHaveCount(10);
    await expectAccessible(page, testInfo, "call-history");
    // Let the toast (shown for 5 s) go before the picture.
    await expect(page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "call-history");
  });
});

test("call history: empty account, a failed load, a call with no transcript", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/call-history");
  await expect(page.getByText("No calls found")).toBeVisible();
  await expect(page.getByTestId("summary-Total Calls")).toHaveText("0");
  await expect(page.getByTestId("summary-Avg Duration")).toHaveText("0:00");

  const call = await startCall(page, { key: "x", phoneNumber: "+1 206 555 0101", lines: [] });
  await endCall(page, call.id);

  // The stored transcript always has the greeting; blank it on the way in to see the empty text.
  await page.route("**/api/calls?*", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const item of body.calls) item.transcript = "";
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await page.getByRole("button", { name: /Transcript/ }).click();
  await expect(page.getByRole("dialog", { name: "Call Transcript" })).toContainText(
    "No transcript available for this call.",
  );
  await page.keyboard.press("Escape");
  await page.unroute("**/api/calls?*");

  // A failing history load says so.
  await page.route("**/api/calls?*", (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
  await page.reload();
  await expect(toastText(page, "Failed to fetch calls")).toBeVisible();
  await expect(page.getByText("The call history could not be loaded.")).toBeVisible();
  await page.unroute("**/api/calls?*");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("call-row")).toHaveCount(1);

  // A phone-sized window stacks the row and keeps every control reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("button", { name: /Details/ })).toBeVisible();
  await expect(page.getByText("Showing 1 to 1 of 1 call", { exact: true })).toBeVisible();
  // Let the toast (shown for 5 s) go before the picture.
  await expect(page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "call-history-mobile");
});
