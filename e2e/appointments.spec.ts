import { TZDate } from "@date-fns/tz";
import { expect, type Page, test } from "@playwright/test";
import { addDays, endOfWeek, format } from "date-fns";
import { expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * The browser runs in Tokyo while the account is in New York (the sign-up default), so every date
 * and time below proves the screen works in the account's time zone. Expected dates are worked
 * out here from today in New York. (Playwright's fake clock cannot be used: its Date breaks
 * TZDate, which extends Date.)
 */
test.use({ timezoneId: "Asia/Tokyo" });
const TZ = "America/New_York";
const today = TZDate.tz(TZ);
const tomorrow = addDays(today, 1);
const later = addDays(today, 400);
const at = (day: Date, hours: number, minutes: number) =>
  new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes, TZ);
const iso = (date: Date) => new Date(date.getTime()).toISOString();
const ymd = (date: Date) => format(date, "yyyy-MM-dd");
/** How the list shows a time: the year only when it is not this year's. */
const shown = (start: Date, end: Date) =>
  `${format(start, start.getFullYear() === today.getFullYear() ? "EEEE, MMMM d, h:mm a" : "EEEE, MMMM d, yyyy, h:mm a")} to ${format(end, "h:mm a")}`;
const icsTime = (date: Date) =>
  iso(date)
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
/** 1 when tomorrow falls in this Monday-to-Sunday week (or this month) in New York, else 0. */
const tomorrowThisWeek = tomorrow.getTime() <= endOfWeek(today, { weekStartsOn: 1 }).getTime() ? 1 : 0;
const tomorrowThisMonth = tomorrow.getMonth() === today.getMonth() ? 1 : 0;

/**
 * A toast shown while a modal dialog is open: Radix marks everything outside the dialog
 * aria-hidden (the toast itself is still announced through Radix's live region), so look past that.
 */
const toastOverDialog = (page: Page, text: string) =>
  page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .getByText(text)
    .first();

type ApiAppointment = {
  id: string;
  title: string;
  description: string | null;
  startTime: string;
  endTime: string;
  attendeeName: string | null;
  attendeeEmail: string | null;
  attendeePhone: string | null;
  status: string;
};

const appointmentsFromApi = (page: Page) =>
  page.evaluate(() => fetch("/api/appointments").then((r) => r.json())) as Promise<ApiAppointment[]>;

async function expectStats(page: Page, week: number, month: number, completed: number) {
  await expect(page.getByTestId("stat-This Week")).toHaveText(String(week));
  await expect(page.getByTestId("stat-This Month")).toHaveText(String(month));
  await expect(page.getByTestId("stat-Completed")).toHaveText(String(completed));
}

test("appointments: sample, create, edit, cancel, stats, calendar settings and feed", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
  await signUpAndAcceptTerms(page);
  await page.goto("/appointments");

  const list = page.getByRole("list", { name: "Upcoming appointments" });
  await expect(page.getByRole("heading", { name: "Upcoming Appointments" })).toBeVisible();
  await expect(page.getByTestId("scheduled-count")).toHaveText("0 scheduled");
  await expect(page.getByText("No upcoming appointments")).toBeVisible();
  await expectStats(page, 0, 0, 0);

  // Create Sample: tomorrow 14:00 to 15:00 in New York.
  const sampleStart = at(tomorrow, 14, 0);
  const sampleEnd = at(tomorrow, 15, 0);
  await page.getByRole("button", { name: "Create Sample" }).click();
  await expect(toastText(page, "New appointment has been scheduled successfully.")).toBeVisible();
  await expect(page.getByTestId("scheduled-count")).toHaveText("1 scheduled");
  await expect(list).toContainText("Sample Consultation");
  await expect(list).toContainText(shown(sampleStart, sampleEnd));
  let api = await appointmentsFromApi(page);
  expect(api).toHaveLength(1);
  expect(api[0]).toMatchObject({
    startTime: iso(sampleStart),
    endTime: iso(sampleEnd),
    status: "scheduled",
  });
  await expectStats(page, tomorrowThisWeek, tomorrowThisMonth, 0);

  // The New Appointment dialog and its checks.
  await page.getByRole("button", { name: "New Appointment" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Appointment" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByPlaceholder("Meeting title")).toBeVisible();
  await expect(dialog.getByPlaceholder("Meeting description")).toHaveAttribute("rows", "3");
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("60");
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveAttribute("min", "15");
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveAttribute("step", "15");
  await expect(dialog.getByLabel("Client Email")).toHaveAttribute("type", "email");
  await expect(dialog.getByLabel("Client Phone")).toHaveAttribute("type", "tel");
  await expect(dialog.getByLabel("Client Phone")).toHaveAttribute("placeholder", "(555) 123-4567");
  await expectAccessible(page, testInfo, "appointment-dialog");

  await dialog.getByRole("button", { name: "Create Appointment" }).click();
  await expect(toastOverDialog(page, "Missing Information")).toBeVisible();
  await expect(toastOverDialog(page, "Please fill in all required fields")).toBeVisible();

  await dialog.getByLabel("Title").fill("Kitchen remodel consultation");
  await dialog.getByLabel("Description").fill("Bring the floor plan\nand the budget");
  // More than a year ahead: counted in neither this week nor this month.
  const createdStart = at(later, 9, 30);
  const createdEnd = at(later, 10, 15);
  await dialog.getByLabel("Date").fill(ymd(later));
  await dialog.getByLabel("Time").fill("09:30");
  await dialog.getByLabel("Duration (minutes)").fill("10");
  await dialog.getByRole("button", { name: "Create Appointment" }).click();
  await expect(toastOverDialog(page, "Duration must be at least 15 minutes")).toBeVisible();

  await dialog.getByLabel("Duration (minutes)").fill("45");
  await dialog.getByLabel("Client Name").fill("Dana Whitfield");
  await dialog.getByLabel("Client Email").fill("dana@example.com");
  await dialog.getByLabel("Client Phone").fill("(555) 010-0177");
  // Hold the request so the pending state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/appointments", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await dialog.getByRole("button", { name: "Create Appointment" }).click();
  await expect(dialog.getByRole("button", { name: "Creating..." })).toBeDisabled();
  release();
  await expect(dialog).toBeHidden();
  await page.unrouteAll({ behavior: "wait" });
  await expect(toastText(page, "Appointment Created")).toBeVisible();
  await expect(page.getByTestId("scheduled-count")).toHaveText("2 scheduled");
  await expect(list).toContainText("Kitchen remodel consultation");
  await expect(list).toContainText(`${shown(createdStart, createdEnd)} (45 min)`);
  api = await appointmentsFromApi(page);
  expect(api.find((a) => a.title === "Kitchen remodel consultation")).toMatchObject({
    description: "Bring the floor plan\nand the budget",
    startTime: iso(createdStart),
    endTime: iso(createdEnd),
    attendeeName: "Dana Whitfield",
    attendeeEmail: "dana@example.com",
    attendeePhone: "(555) 010-0177",
    status: "scheduled",
  });
  await expectStats(page, tomorrowThisWeek, tomorrowThisMonth, 0);

  // A server refusal shows the server's message.
  await page.getByRole("button", { name: "New Appointment" }).click();
  await dialog.getByLabel("Title").fill("Bad email");
  await dialog.getByLabel("Date").fill(ymd(later));
  await dialog.getByLabel("Time").fill("10:00");
  await dialog.getByLabel("Client Email").fill("dana@");
  await dialog.getByRole("button", { name: "Create Appointment" }).click();
  await expect(toastOverDialog(page, "Please enter a valid client email")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await appointmentsFromApi(page)).toHaveLength(2);

  // Edit: the same form, prefilled; change the title and move it to tomorrow at 11:00.
  const editedStart = at(tomorrow, 11, 0);
  const editedEnd = at(tomorrow, 11, 45);
  await page.getByRole("button", { name: "Edit Kitchen remodel consultation" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Appointment" });
  await expect(edit.getByLabel("Title")).toHaveValue("Kitchen remodel consultation");
  await expect(edit.getByLabel("Date")).toHaveValue(ymd(later));
  await expect(edit.getByLabel("Time")).toHaveValue("09:30");
  await expect(edit.getByLabel("Duration (minutes)")).toHaveValue("45");
  await expect(edit.getByLabel("Client Email")).toHaveValue("dana@example.com");
  await edit.getByLabel("Title").fill("Kitchen remodel final review");
  await edit.getByLabel("Date").fill(ymd(tomorrow));
  await edit.getByLabel("Time").fill("11:00");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(toastText(page, "Appointment Updated")).toBeVisible();
  await expect(list).toContainText("Kitchen remodel final review");
  await expect(list).toContainText(shown(editedStart, editedEnd));
  await expect(list).not.toContainText("Kitchen remodel consultation");
  api = await appointmentsFromApi(page);
  expect(api.find((a) => a.title === "Kitchen remodel final review")).toMatchObject({
    startTime: iso(editedStart),
    endTime: iso(editedEnd),
  });
  await expectStats(page, 2 * tomorrowThisWeek, 2 * tomorrowThisMonth, 0);

  // Cancel asks first; keeping it changes nothing.
  await page.getByRole("button", { name: "Cancel Sample Consultation" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel this appointment?" });
  await expect(confirm).toContainText("Sample Consultation");
  await confirm.getByRole("button", { name: "Keep Appointment" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("scheduled-count")).toHaveText("2 scheduled");
  await page.getByRole("button", { name: "Cancel Sample Consultation" }).click();
  await confirm.getByRole("button", { name: "Cancel Appointment" }).click();
  await expect(toastText(page, "Appointment Cancelled")).toBeVisible();
  await expect(page.getByTestId("scheduled-count")).toHaveText("1 scheduled");
  await expect(list).not.toContainText("Sample Consultation");
  api = await appointmentsFromApi(page);
  expect(api.find((a) => a.title === "Sample Consultation")?.status).toBe("cancelled");
  await expectStats(page, tomorrowThisWeek, tomorrowThisMonth, 0);

  // Calendar settings are saved at once and kept.
  const duration = page.getByLabel("Default Duration");
  const buffer = page.getByLabel("Buffer Time");
  await expect(duration).toHaveValue("30");
  await expect(buffer).toHaveValue("0");
  await expect(duration.locator("option")).toHaveText(["30 minutes", "45 minutes", "60 minutes"]);
  await expect(buffer.locator("option")).toHaveText(["No buffer", "15 minutes", "30 minutes"]);
  await duration.selectOption("45");
  await expect(toastText(page, "Default duration: 45 minutes.")).toBeVisible();
  await buffer.selectOption("15");
  await expect(toastText(page, "Buffer time: 15 minutes.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Default Duration")).toHaveValue("45");
  await expect(page.getByLabel("Buffer Time")).toHaveValue("15");
  const saved = await page.evaluate(() => fetch("/api/calendar/settings").then((r) => r.json()));
  expect(saved).toEqual({ defaultDuration: 45, bufferMinutes: 15, feedUrlPath: null });

  // The private calendar feed: off, then on.
  await expect(page.getByTestId("calendar-status")).toHaveText("Not connected");
  await expect(page.getByText("Connected and syncing")).toHaveCount(0);
  await page.getByRole("button", { name: "Configure" }).click();
  const feedDialog = page.getByRole("dialog", { name: "Calendar Feed" });
  await feedDialog.getByRole("button", { name: "Turn On Feed" }).click();
  await expect(toastOverDialog(page, "Calendar Feed On")).toBeVisible();
  await expect(feedDialog.getByText("Connected and syncing")).toBeVisible();
  await expectAccessible(page, testInfo, "calendar-feed-dialog");
  await feedDialog.getByRole("button", { name: "Close" }).click();
  await expect(feedDialog).toBeHidden();
  await expect(page.getByTestId("calendar-status")).toHaveText("Connected and syncing");

  const addressBox = page.getByLabel("Calendar feed address");
  const address = await addressBox.inputValue();
  expect(address).toMatch(new RegExp(`^${baseURL}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(toastText(page, "Calendar address copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  // A calendar app fetches it without a session.
  const feed = await page.evaluate(async (url) => {
    const res = await fetch(url, { credentials: "omit" });
    return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
  }, address);
  expect(feed.status).toBe(200);
  expect(feed.type).toBe("text/calendar; charset=utf-8");
  expect(feed.text).toContain("BEGIN:VCALENDAR");
  expect(feed.text).toContain("SUMMARY:Kitchen remodel final review");
  expect(feed.text).toContain(`DTSTART:${icsTime(editedStart)}`);
  expect(feed.text).toContain(`DTEND:${icsTime(editedEnd)}`);
  expect(feed.text).not.toContain("Sample Consultation");

  await screenshot(page, "appointments");
  await expectAccessible(page, testInfo, "appointments");

  // Renewing replaces the address; the old one stops working.
  await page.getByRole("button", { name: "Configure" }).click();
  await feedDialog.getByRole("button", { name: "Renew Address" }).click();
  await expect(toastOverDialog(page, "The old calendar address no longer works.")).toBeVisible();
  await feedDialog.getByRole("button", { name: "Close" }).click();
  await expect(addressBox).not.toHaveValue(address);
  const renewed = await addressBox.inputValue();
  const status = (url: string) =>
    page.evaluate((u) => fetch(u, { credentials: "omit" }).then((r) => r.status), url);
  expect(await status(address)).toBe(404);
  expect(await status(renewed)).toBe(200);

  // Moved to earlier today and marked completed: it leaves the list, and counts this week, this
  // month and as completed whatever day the test runs.
  await page.getByRole("button", { name: "Edit Kitchen remodel final review" }).click();
  await edit.getByLabel("Date").fill(ymd(today));
  await edit.getByLabel("Time").fill("00:00");
  await edit.getByLabel("Status").selectOption("completed");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastText(page, "Appointment Updated")).toBeVisible();
  await expect(page.getByTestId("scheduled-count")).toHaveText("0 scheduled");
  await expectStats(page, 1, 1, 1);

  // Turning the feed off revokes the address.
  await page.getByRole("button", { name: "Configure" }).click();
  await feedDialog.getByRole("button", { name: "Turn Off Feed" }).click();
  await expect(toastOverDialog(page, "Calendar Feed Off")).toBeVisible();
  await feedDialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("calendar-status")).toHaveText("Not connected");
  await expect(addressBox).toHaveCount(0);
  expect(await status(renewed)).toBe(404);
  await screenshot(page, "appointments-feed-off");
});

test("appointments: a past time is refused, an overlap is warned about, filters show past and cancelled, pages load more", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/appointments");
  await expect(page.getByTestId("scheduled-count")).toHaveText("0 scheduled");
  const yesterday = addDays(today, -1);
  const dialog = page.getByRole("dialog", { name: "Create New Appointment" });
  const pastMessage = "That time has already passed. Choose a start time in the future.";

  // Yesterday is refused in the dialog, with the reason under the date and time.
  await page.getByRole("button", { name: "New Appointment" }).click();
  await dialog.getByLabel("Title").fill("Site visit");
  await dialog.getByLabel("Date").fill(ymd(yesterday));
  await dialog.getByLabel("Time").fill("10:00");
  await dialog.getByRole("button", { name: "Create Appointment" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(pastMessage);
  await expect(dialog.getByLabel("Date")).toHaveAttribute("aria-invalid", "true");
  await screenshot(page, "appointments-past-refused");
  expect(await appointmentsFromApi(page)).toEqual([]);
  // The server refuses it too, for any caller of the API.
  const direct = await page.evaluate(
    async (body) => {
      const res = await fetch("/api/appointments", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, message: (await res.json()).message };
    },
    { title: "Site visit", startTime: iso(at(yesterday, 10, 0)), endTime: iso(at(yesterday, 11, 0)) },
  );
  expect(direct).toEqual({ status: 400, message: pastMessage });

  // Changing the date clears the message; tomorrow at 10 is booked.
  await dialog.getByLabel("Date").fill(ymd(tomorrow));
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create Appointment" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("scheduled-count")).toHaveText("1 scheduled");

  // Tomorrow 10:30 overlaps it: the dialog says with what and when, and books only when asked.
  await page.getByRole("button", { name: "New Appointment" }).click();
  await dialog.getByLabel("Title").fill("Roof inspection");
  await dialog.getByLabel("Date").fill(ymd(tomorrow));
  await dialog.getByLabel("Time").fill("10:30");
  await dialog.getByRole("button", { name: "Create Appointment" }).click();
  const warning = dialog.getByRole("alert");
  await expect(warning).toContainText(
    `This overlaps with Site visit at ${format(at(tomorrow, 10, 0), "EEEE, MMMM d 'at' h:mm a")}.`,
  );
  await expectAccessible(page, testInfo, "appointment-overlap-warning");
  await screenshot(page, "appointments-overlap-warning");
  expect(await appointmentsFromApi(page)).toHaveLength(1);
  // "Choose another time" puts the question away; a free time books without a word.
  await warning.getByRole("button", { name: "Choose another time" }).click();
  await expect(warning).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create Appointment" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await dialog.getByRole("button", { name: "Book anyway" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "New appointment has been scheduled successfully.")).toBeVisible();
  await expect(page.getByTestId("scheduled-count")).toHaveText("2 scheduled");
  const upcomingList = page.getByRole("list", { name: "Upcoming appointments" });
  await expect(upcomingList.getByRole("listitem")).toHaveCount(2);
  await expect(upcomingList).toContainText("Roof inspection");

  // A moved time that overlaps asks again; moving it clear saves without a word.
  await page.getByRole("button", { name: "Edit Roof inspection" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Appointment" });
  await edit.getByLabel("Time").fill("09:30");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByRole("alert")).toContainText("This overlaps with Site visit");
  await expect(edit.getByRole("button", { name: "Save anyway" })).toBeVisible();
  await edit.getByLabel("Time").fill("13:00");
  await expect(edit.getByRole("alert")).toHaveCount(0);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(upcomingList).toContainText(shown(at(tomorrow, 13, 0), at(tomorrow, 14, 0)));

  // Cancelled and past (completed) appointments leave Upcoming and show under their filters.
  await page.getByRole("button", { name: "Cancel Site visit" }).click();
  await page
    .getByRole("dialog", { name: "Cancel this appointment?" })
    .getByRole("button", { name: "Cancel Appointment" })
    .click();
  await expect(page.getByTestId("scheduled-count")).toHaveText("1 scheduled");
  await expect(upcomingList).not.toContainText("Site visit");
  const lastWeek = addDays(today, -7);
  const record = await page.evaluate(
    async (body) =>
      (
        await fetch("/api/appointments", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        })
      ).status,
    {
      title: "Boiler service",
      startTime: iso(at(lastWeek, 9, 0)),
      endTime: iso(at(lastWeek, 10, 0)),
      status: "completed",
    },
  );
  expect(record).toBe(201);
  await page.reload();

  const tabs = page.getByRole("tablist", { name: "Show appointments" });
  await expect(tabs.getByRole("tab", { name: "Past 1" })).toBeVisible();
  await expect(tabs.getByRole("tab", { name: "Cancelled 1" })).toBeVisible();
  await tabs.getByRole("tab", { name: /^Past/ }).click();
  await expect(page).toHaveURL(/\/appointments\?filter=past$/);
  await expect(page.getByRole("heading", { name: "Past Appointments" })).toBeVisible();
  const pastList = page.getByRole("list", { name: "Past appointments" });
  await expect(pastList).toContainText("Boiler service");
  await expect(pastList).toContainText("Completed");
  await expect(pastList).toContainText(shown(at(lastWeek, 9, 0), at(lastWeek, 10, 0)));
  await expect(pastList.getByRole("button", { name: "Cancel Boiler service" })).toHaveCount(0);

  await tabs.getByRole("tab", { name: /^Cancelled/ }).click();
  const cancelledList = page.getByRole("list", { name: "Cancelled appointments" });
  await expect(cancelledList).toContainText("Site visit");
  await expect(cancelledList).toContainText("Cancelled");
  await screenshot(page, "appointments-cancelled-filter");
  await expectAccessible(page, testInfo, "appointments-cancelled-filter");

  await tabs.getByRole("tab", { name: /^All/ }).click();
  const allList = page.getByRole("list", { name: "All appointments" });
  await expect(allList.getByRole("listitem")).toHaveCount(3);
  // The filter is in the address: a reload keeps it.
  await page.reload();
  await expect(page.getByRole("heading", { name: "All Appointments" })).toBeVisible();

  // Paging: 24 more ahead make 25 upcoming; the first 20 show, Load more brings the rest.
  const created = await page.evaluate(
    async (days) => {
      const statuses: number[] = [];
      for (const day of days) {
        const res = await fetch("/api/appointments", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ title: `Follow-up ${day.n}`, startTime: day.start, endTime: day.end }),
        });
        statuses.push(res.status);
      }
      return statuses;
    },
    Array.from({ length: 24 }, (_, i) => ({
      n: i + 1,
      start: iso(at(addDays(today, 2 + i), 9, 0)),
      end: iso(at(addDays(today, 2 + i), 9, 30)),
    })),
  );
  expect(created.every((status) => status === 201)).toBe(true);
  await tabs.getByRole("tab", { name: /^Upcoming/ }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByTestId("scheduled-count")).toHaveText("25 scheduled");
  await expect(upcomingList.getByRole("listitem")).toHaveCount(20);
  await expect(page.getByTestId("appointments-shown")).toHaveText("Showing 20 of 25");
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(upcomingList.getByRole("listitem")).toHaveCount(25);
  await expect(page.getByTestId("appointments-shown")).toHaveText("Showing 25 of 25");
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  // Soonest first across both pages: tomorrow's, then the follow-ups day by day.
  const items = await upcomingList.getByRole("listitem").allTextContents();
  expect(items.map((text) => /^(Roof inspection|Follow-up \d+)/.exec(text)?.[1])).toEqual([
    "Roof inspection",
    ...Array.from({ length: 24 }, (_, i) => `Follow-up ${i + 1}`),
  ]);
  await screenshot(page, "appointments-paged");

  // On a phone the filter and the list fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tabs.getByRole("tab", { name: /^Cancelled/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "appointments-phone");
});
